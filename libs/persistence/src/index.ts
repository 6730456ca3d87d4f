export * from './data-source';
export * from './entities';
export * from './migration-runner';
export * from './persistence.module';
export * from './transaction-host';
export * from './database-unavailable';
export * from './metrics/scrape-collectors';
export { modify } from './booking/sql';
