import { DataSource } from 'typeorm';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { runMigrations } from '../../libs/persistence/src/migration-runner';
import { ADMIN_DATABASE_URL, TEST_DATABASE_URL, TEST_DB_NAME } from './test-database';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A migrated database of the test file's own, beside its jest worker's test database. Every worker
 * process sweeps due holds and relays unrelayed outbox events of the whole database it is given;
 * each jest worker has a database of its own (test/support/test-database.ts), and a file that must
 * see only its own rows, or that changes keys and settings of the whole database, takes one of
 * its own on top. `migrated: false` leaves it empty, for a test that runs the migrations itself.
 */
export async function ownDatabase(label: string, opts: { migrated?: boolean } = {}): Promise<OwnDatabase> {
  const name = `${TEST_DB_NAME}_${label}_${process.pid}`;
  const admin = new DataSource({ type: 'postgres', url: ADMIN_DATABASE_URL });
  await admin.initialize();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.destroy();
  const url = `${TEST_DATABASE_URL.slice(0, TEST_DATABASE_URL.lastIndexOf('/'))}/${name}`;
  if (opts.migrated !== false) {
    const db = createDataSource({ databaseUrl: url, databasePoolSize: 2 });
    await db.initialize();
    await runMigrations(db);
    await db.destroy();
  }
  return {
    url,
    async drop() {
      const admin2 = new DataSource({ type: 'postgres', url: ADMIN_DATABASE_URL });
      await admin2.initialize();
      await admin2.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin2.destroy();
    },
  };
}
