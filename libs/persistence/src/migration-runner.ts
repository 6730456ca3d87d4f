import { DataSource } from 'typeorm';

// Any constant shared by every process of the service; two migrators never run at once.
const MIGRATION_LOCK_ID = 727_004_211;

/** Applies pending migrations under a Postgres advisory lock; returns the names applied. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await lock.release();
  }
}

/** Creates the database named in `databaseUrl` when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-zA-Z0-9_]+$/.test(name)) throw new Error(`Refusing to create database with unusual name "${name}"`);
  url.pathname = '/postgres';
  const admin = new DataSource({ type: 'postgres', url: url.toString() });
  await admin.initialize();
  try {
    const rows: unknown[] = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rows.length > 0) return false;
    await admin.query(`CREATE DATABASE "${name}"`);
    return true;
  } finally {
    await admin.destroy();
  }
}
