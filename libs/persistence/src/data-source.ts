import { DataSource, DataSourceOptions } from 'typeorm';
import type { AppConfig } from '@hcs/platform';
import { MIGRATIONS } from '../../../migrations';
import { GuardedPgClient } from './guarded-pg-client';

/** How long a request waits for a pooled connection (or a new one) before giving up. */
export const DATABASE_CONNECT_TIMEOUT_MS = 5000;

/**
 * How long the client waits for a statement's answer before it gives the connection up: beyond
 * the server's own 15 s `statement_timeout`, for a server that can no longer answer at all (a
 * primary lost behind a proxy that keeps the client's socket open). The connection is discarded,
 * and the statement fails as `service_unavailable` (docs/operations-faults.md "Postgres").
 */
export const DATABASE_QUERY_TIMEOUT_MS = 20_000;

/** TypeORM options for the service; the schema changes only through `migrations/`. */
type DataSourceConfig = Pick<AppConfig, 'databaseUrl' | 'databasePoolSize'> & Partial<Pick<AppConfig, 'databasePoolMode'>>;

/**
 * Each connection's session settings, sent as startup parameters; a transaction-mode pooler
 * refuses them, so behind one they are the database's or role's own settings
 * (`ALTER DATABASE … SET statement_timeout = '15s'`, docs/scaling.md "Through a connection pooler").
 */
function sessionSettings(config: DataSourceConfig): Record<string, string | number> {
  return config.databasePoolMode === 'transaction' ? {} : { statement_timeout: 15000, options: '-c jit=off' };
}

export function dataSourceOptions(config: DataSourceConfig): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    // No entity classes: every table is read and written through `SqlClient` with typed rows
    // (docs/architecture.md "Typed SQL"); TypeORM keeps the data source, its pool and the migrations.
    entities: [],
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // A small pool is faster on 2 cores (docs/performance.md); statements never wait forever.
    // JIT off: its compile time (~1 s measured on the search query) dwarfs any short OLTP query.
    // Neither does a request wait forever for a connection (a free pool slot or a new socket): after
    // DATABASE_CONNECT_TIMEOUT_MS it fails as `service_unavailable` (docs/operations-faults.md).
    extra: {
      max: config.databasePoolSize,
      ...sessionSettings(config),
      idleTimeoutMillis: 30000,
      connectionTimeoutMillis: DATABASE_CONNECT_TIMEOUT_MS,
      query_timeout: DATABASE_QUERY_TIMEOUT_MS,
      // Dead peers are found by the kernel too, not only by the next statement's timeout.
      keepAlive: true,
      // A dying connection must never take the process down with it.
      Client: GuardedPgClient,
    },
  };
}

export function createDataSource(config: DataSourceConfig): DataSource {
  return new DataSource(dataSourceOptions(config));
}
