import { Module } from '@nestjs/common';
import { MediaModule } from '../media/media.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { GoogleWalletController } from './google-wallet.controller';
import { GoogleWalletService } from './google-wallet.service';
import { WalletPassController } from './wallet-pass.controller';
import { WalletPassService } from './wallet-pass.service';

/** the card in a phone's wallet: Apple Wallet passes and Google Wallet save links */
@Module({
  imports: [ProfilesModule, MediaModule],
  controllers: [WalletPassController, GoogleWalletController],
  providers: [WalletPassService, GoogleWalletService],
})
export class WalletPassModule {}
