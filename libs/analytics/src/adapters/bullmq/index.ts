export * from './bullmq-options';
export * from './bullmq-event-queue';
export * from './bullmq-event-consumer';
export * from './bullmq-dead-letters';
export * from './stalled-job-error';
