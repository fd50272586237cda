import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { LoginDto, RegisterDto, type SessionResponse, type UserResponse } from '@cardcraft/contracts';
import type { FastifyRequest } from 'fastify';
import { WriteRateLimit } from '../common/write-rate-limit';
import { AuthService } from './auth.service';
import { CurrentUserId, OptionalAuth } from './auth.guard';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly rateLimit: WriteRateLimit,
  ) {}

  @Post('register')
  @OptionalAuth()
  register(@Body() body: RegisterDto, @Req() request: FastifyRequest): Promise<SessionResponse> {
    this.rateLimit.consume('register', request.ip);
    return this.auth.register(body);
  }

  @Post('login')
  @OptionalAuth()
  @HttpCode(200)
  login(@Body() body: LoginDto, @Req() request: FastifyRequest): Promise<SessionResponse> {
    this.rateLimit.consume('login', request.ip);
    return this.auth.login(body);
  }

  @Get('me')
  @ApiBearerAuth()
  me(@CurrentUserId() userId: string): Promise<UserResponse> {
    return this.auth.me(userId);
  }
}
