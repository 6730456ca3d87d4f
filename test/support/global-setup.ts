import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { runMigrations } from '../../libs/persistence/src/migration-runner';
import { ADMIN_DATABASE_URL, TEST_DB_BASE, TEST_REDIS_URL, testDatabaseUrl, testDbName } from './test-database';

/**
 * Once per run: a test database migrated from zero, copied into one database per jest worker
 * (test/support/test-database.ts), and an empty test Redis database.
 */
export default async function globalSetup(globalConfig: { maxWorkers: number }): Promise<void> {
  const workers = Array.from({ length: Math.max(1, globalConfig.maxWorkers) }, (_, i) => testDbName(String(i + 1)));
  const admin = new DataSource({ type: 'postgres', url: ADMIN_DATABASE_URL });
  await admin.initialize();
  for (const name of [TEST_DB_BASE, ...workers]) await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEST_DB_BASE}"`);

  const dataSource = createDataSource({ databaseUrl: testDatabaseUrl(TEST_DB_BASE), databasePoolSize: 2 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  await dataSource.destroy();
  // A copy of the migrated base is a file copy, much faster than migrating each from zero.
  for (const name of workers) await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEST_DB_BASE}" STRATEGY FILE_COPY`);
  await admin.destroy();

  const redis = new IORedis(TEST_REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}
