import { Module } from '@nestjs/common';
import { HealthRegistryModule } from '../platform/common/health-registry.module';
import { HealthController } from './health.controller';

@Module({ imports: [HealthRegistryModule], controllers: [HealthController] })
export class HealthModule {}
