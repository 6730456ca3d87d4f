import IORedis from 'ioredis';
import { DataSource } from 'typeorm';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { runMigrations } from '../../libs/persistence/src/migration-runner';
import { ADMIN_DATABASE_URL, TEST_DATABASE_URL, TEST_DB_NAME, TEST_REDIS_URL } from './test-database';

/** Once per run: a fresh test database migrated from zero, and an empty test Redis database. */
export default async function globalSetup(): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: ADMIN_DATABASE_URL });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS "${TEST_DB_NAME}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${TEST_DB_NAME}"`);
  await admin.destroy();

  const dataSource = createDataSource({ databaseUrl: TEST_DATABASE_URL, databasePoolSize: 2 });
  await dataSource.initialize();
  await runMigrations(dataSource);
  await dataSource.destroy();

  const redis = new IORedis(TEST_REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
}
