export * from './data-source';
export * from './entities';
export * from './migration-runner';
export * from './persistence.module';
export * from './transaction-host';
export * from './payments/sandbox-payment.provider';
export * from './queues/bullmq-hold-expiry.scheduler';
export * from './queues/queue-adapters.module';
