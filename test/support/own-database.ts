import { DataSource } from 'typeorm';
import { ADMIN_DATABASE_URL, TEST_DB_BASE, TEST_DB_NAME, testDatabaseUrl } from './test-database';

export interface OwnDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Runs statements on the server's admin database (creating and dropping databases). */
async function onAdmin(...statements: string[]): Promise<void> {
  const admin = new DataSource({ type: 'postgres', url: ADMIN_DATABASE_URL });
  await admin.initialize();
  try {
    for (const sql of statements) await admin.query(sql);
  } finally {
    await admin.destroy();
  }
}

/**
 * A migrated database of the test file's own, beside its jest worker's test database: a copy of
 * the base the global setup migrated (test/support/global-setup.ts), not a second migration. Every
 * worker process sweeps due holds and relays unrelayed outbox events of the whole database it is
 * given; each jest worker has a database of its own (test/support/test-database.ts), and a file
 * that must see only its own rows, or that changes keys and settings of the whole database, takes
 * one of its own on top. `migrated: false` leaves it empty, for a test that runs the migrations itself.
 */
export async function ownDatabase(label: string, opts: { migrated?: boolean } = {}): Promise<OwnDatabase> {
  const name = `${TEST_DB_NAME}_${label}_${process.pid}`;
  const from = opts.migrated === false ? '' : ` TEMPLATE "${TEST_DB_BASE}" STRATEGY FILE_COPY`;
  await onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`, `CREATE DATABASE "${name}"${from}`);
  return { url: testDatabaseUrl(name), drop: () => onAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
