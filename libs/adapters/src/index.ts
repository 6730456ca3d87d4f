export * from './adapters.module';
export * from './payments/sandbox-payment.provider';
export * from './queues/bullmq-follow-up.dispatcher';
export * from './queues/bullmq-hold-expiry.scheduler';
export * from './queues/bullmq-webhook-delivery.queue';
export * from './queues/queue-adapters.module';
export * from './service-core.module';
