export * from './ports/idempotency.repository';
export * from './use-cases/purge-expired-idempotency-records.use-case';
export * from './idempotent-request';
