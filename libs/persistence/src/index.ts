export * from './data-source';
export * from './entities';
export * from './migration-runner';
export * from './persistence.module';
export * from './transaction-host';
