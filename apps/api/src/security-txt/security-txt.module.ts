import { Module } from '@nestjs/common';
import { SecurityTxtController } from './security-txt.controller';

@Module({ controllers: [SecurityTxtController] })
export class SecurityTxtModule {}
