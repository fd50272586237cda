import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { LoginDto, RegisterDto, type SessionResponse, type UserResponse } from '@cardcraft/contracts';
import { RateLimit } from '../throttling/rate-limit.guard';
import { AuthService } from './auth.service';
import { CurrentUserId, OptionalAuth } from './auth.guard';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('register')
  @OptionalAuth()
  @RateLimit('signUp')
  register(@Body() body: RegisterDto): Promise<SessionResponse> {
    return this.auth.register(body);
  }

  @Post('login')
  @OptionalAuth()
  @HttpCode(200)
  @RateLimit('signIn', 'signInPerAccount')
  login(@Body() body: LoginDto): Promise<SessionResponse> {
    return this.auth.login(body);
  }

  @Get('me')
  @ApiBearerAuth()
  me(@CurrentUserId() userId: string): Promise<UserResponse> {
    return this.auth.me(userId);
  }
}
