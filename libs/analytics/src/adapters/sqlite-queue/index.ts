export * from './sqlite-queue-options';
export * from './sqlite-queue-database';
export * from './sqlite-event-queue';
export * from './sqlite-event-consumer';
export * from './sqlite-dead-letters';
export * from './sqlite-salt-store';
export * from './queue-snapshot';
