import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { QrController } from './qr.controller';
import { QrDesignService } from './qr-design.service';
import { QrService } from './qr.service';

@Module({
  imports: [ProfilesModule, MediaModule],
  controllers: [QrController],
  providers: [QrService, QrDesignService],
})
export class QrModule {}
