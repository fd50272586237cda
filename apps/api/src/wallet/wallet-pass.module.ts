import { Module } from '@nestjs/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { WalletPassController } from './wallet-pass.controller';
import { WalletPassService } from './wallet-pass.service';

@Module({ imports: [ProfilesModule], controllers: [WalletPassController], providers: [WalletPassService] })
export class WalletPassModule {}
