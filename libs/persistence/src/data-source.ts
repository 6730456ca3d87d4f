import { DataSource, DataSourceOptions } from 'typeorm';
import type { AppConfig } from '@hcs/platform';
import { MIGRATIONS } from '../../../migrations';
import { ENTITIES } from './entities';

/** TypeORM options for the service; the schema changes only through `migrations/`. */
export function dataSourceOptions(config: Pick<AppConfig, 'databaseUrl' | 'databasePoolSize'>): DataSourceOptions {
  return {
    type: 'postgres',
    url: config.databaseUrl,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    // A small pool is faster on 2 cores (STYLE "Facts measured"); statements never wait forever.
    // JIT off: its compile time (~1 s measured on the search query) dwarfs any short OLTP query.
    extra: { max: config.databasePoolSize, statement_timeout: 15000, idleTimeoutMillis: 30000, options: '-c jit=off' },
  };
}

export function createDataSource(config: Pick<AppConfig, 'databaseUrl' | 'databasePoolSize'>): DataSource {
  return new DataSource(dataSourceOptions(config));
}
