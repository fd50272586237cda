import { Module } from '@nestjs/common';
import { HealthRegistry } from './health-registry';

/**
 * the one registry of readiness checks: every module that opens a store imports this and registers
 * its check; the health module reads them. nest keeps one instance for all importers.
 */
@Module({ providers: [HealthRegistry], exports: [HealthRegistry] })
export class HealthRegistryModule {}
