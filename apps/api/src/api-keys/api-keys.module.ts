import { Module } from '@nestjs/common';
import { StorageModule } from '../platform/storage/storage.module';
import { ThrottlingModule } from '../platform/throttling/throttling.module';
import { TeamsModule } from '../teams/teams.module';
import { ApiKeysController, TeamApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';

/** API keys: made, listed, renamed and revoked (the guard reads them: auth/api-key-authenticator.ts) */
@Module({
  imports: [StorageModule, ThrottlingModule, TeamsModule],
  controllers: [ApiKeysController, TeamApiKeysController],
  providers: [ApiKeysService],
})
export class ApiKeysModule {}
