import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { WalletPassController } from './wallet-pass.controller';
import { WalletPassService } from './wallet-pass.service';

@Module({
  imports: [ProfilesModule, MediaModule],
  controllers: [WalletPassController],
  providers: [WalletPassService],
})
export class WalletPassModule {}
