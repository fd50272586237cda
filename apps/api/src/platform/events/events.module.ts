import { Module } from '@nestjs/common';
import { DomainEvents } from './domain-events';

/** what happened to users, profiles and messages, for the modules that react to it */
@Module({ providers: [DomainEvents], exports: [DomainEvents] })
export class EventsModule {}
