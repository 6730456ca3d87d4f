import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { runMigrations } from '../../libs/persistence/src/migration-runner';
import { freePort } from './processes';

/**
 * A Postgres primary and a streaming replica of the test's own (docs/scaling.md): `initdb` in a
 * temporary directory with replication allowed in its pg_hba.conf and `wal_level = replica`, then
 * `pg_basebackup -R` for the standby, both started with `pg_ctl` as the `postgres` OS user on
 * free ports. The machine's own Postgres is never touched. The database is created and migrated
 * on the primary, and the replica has caught up before this returns.
 *
 * Both servers load pg_stat_statements, so a test can count which server ran which statements
 * (`statementCalls`), and the replica can be stopped and started again to play an outage.
 */
export interface PostgresReplicaPair {
  /** The migrated database on the primary. */
  primaryUrl: string;
  /** The same database on the streaming replica. */
  replicaUrl: string;
  primaryPort: number;
  replicaPort: number;
  database: string;
  /** Waits until the replica has replayed everything the primary has written so far. */
  waitForCatchUp: (timeoutMs?: number) => Promise<void>;
  /** Sum of pg_stat_statements calls on one server for statements whose text matches `pattern` (ILIKE). */
  statementCalls: (server: 'primary' | 'replica', pattern: string) => Promise<number>;
  /** Forgets the statement counts on both servers. */
  resetStatements: () => Promise<void>;
  stopReplica: () => Promise<void>;
  startReplica: () => Promise<void>;
  /** Stops both servers and removes their directories. */
  stop: () => Promise<void>;
}

const OS_USER = 'postgres';

/** The newest server binaries installed under /usr/lib/postgresql (never the running cluster's data). */
export function postgresBinDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'pg_basebackup')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) throw new Error('No PostgreSQL server binaries under /usr/lib/postgresql/*/bin');
  return join(root, versions[0], 'bin');
}

/** Runs a Postgres binary as the `postgres` OS user (the server refuses to run as root). */
function asPostgres(bin: string, args: string[], timeoutMs = 60_000): string {
  const runAsOther = process.getuid?.() === 0;
  const command = runAsOther ? 'runuser' : bin;
  const argv = runAsOther ? ['-u', OS_USER, '--', bin, ...args] : args;
  const result = spawnSync(command, argv, { encoding: 'utf8', timeout: timeoutMs, cwd: tmpdir() });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr || result.stdout || result.error?.message}`);
  }
  return result.stdout;
}

function postgresUid(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = spawnSync('id', ['-u', OS_USER], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', OS_USER], { encoding: 'utf8' });
  if (id.status !== 0 || gid.status !== 0) throw new Error(`The tests run as root and need an OS user "${OS_USER}" to run Postgres`);
  return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function query<T>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const result = await client.query(sql, params);
    return result.rows as T[];
  } finally {
    await client.end();
  }
}

async function waitUntilAccepting(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await query(url, 'SELECT 1').then(
      () => true,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`Postgres at ${url} did not accept connections within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startPostgresReplica(options: { database?: string } = {}): Promise<PostgresReplicaPair> {
  const bin = postgresBinDir();
  const database = options.database ?? 'hcs_test_replica';
  const owner = postgresUid();
  const dir = mkdtempSync(join(tmpdir(), 'hcs-pg-replica-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const primaryData = join(dir, 'primary');
  const replicaData = join(dir, 'replica');
  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const running = new Set<string>();

  const serverOptions = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const pgCtlStart = (data: string, port: number) => {
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, `${port}.log`), '-o', serverOptions(port), '-w', '-t', '60', 'start']);
    running.add(data);
  };
  const pgCtlStop = (data: string, mode: 'fast' | 'immediate' = 'fast') => {
    if (!running.has(data)) return;
    asPostgres(join(bin, 'pg_ctl'), ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
    running.delete(data);
  };
  // A test that crashes before its afterAll still leaves no server behind.
  const emergencyStop = () => {
    for (const data of running) spawnSync('runuser', ['-u', OS_USER, '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', emergencyStop);

  const host = `postgres://postgres@127.0.0.1`;
  const primaryUrl = `${host}:${primaryPort}/${database}`;
  const replicaUrl = `${host}:${replicaPort}/${database}`;

  try {
    asPostgres(join(bin, 'initdb'), ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    // Replication from loopback only, and the settings a streaming replica needs. Durability is
    // not the point of a throwaway test server: fsync off keeps it quick.
    asPostgres('/bin/sh', [
      '-c',
      [
        `printf 'host replication postgres 127.0.0.1/32 trust\\n' >> ${primaryData}/pg_hba.conf`,
        `printf "%s\\n" "wal_level = replica" "max_wal_senders = 5" "hot_standby = on" "fsync = off" "full_page_writes = off" "shared_preload_libraries = 'pg_stat_statements'" "pg_stat_statements.track = all" "max_connections = 200" >> ${primaryData}/postgresql.conf`,
      ].join(' && '),
    ]);
    pgCtlStart(primaryData, primaryPort);
    await waitUntilAccepting(`${host}:${primaryPort}/postgres`);
    await query(`${host}:${primaryPort}/postgres`, `CREATE DATABASE "${database}"`);
    await query(primaryUrl, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const dataSource = createDataSource({ databaseUrl: primaryUrl, databasePoolSize: 2 });
    await dataSource.initialize();
    try {
      await runMigrations(dataSource);
    } finally {
      await dataSource.destroy();
    }

    asPostgres(join(bin, 'pg_basebackup'), [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    pgCtlStart(replicaData, replicaPort);
    await waitUntilAccepting(replicaUrl);
  } catch (error) {
    emergencyStop();
    process.removeListener('exit', emergencyStop);
    throw error;
  }

  const waitForCatchUp = async (timeoutMs = 30_000) => {
    const [{ lsn }] = await query<{ lsn: string }>(primaryUrl, 'SELECT pg_current_wal_insert_lsn()::text AS lsn');
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [{ behind }] = await query<{ behind: boolean | null }>(replicaUrl, 'SELECT pg_last_wal_replay_lsn() < $1::pg_lsn AS behind', [lsn]);
      if (behind === false) return;
      if (Date.now() > deadline) throw new Error(`The replica did not replay up to ${lsn} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await waitForCatchUp();

  const statementCalls = async (server: 'primary' | 'replica', pattern: string) => {
    const url = server === 'primary' ? primaryUrl : replicaUrl;
    const rows = await query<{ calls: string | null }>(
      url,
      `SELECT sum(s.calls)::text AS calls FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
        WHERE d.datname = $1 AND s.query ILIKE $2 AND s.query NOT ILIKE '%pg_stat_statements%'`,
      [database, pattern],
    );
    return Number(rows[0]?.calls ?? 0);
  };

  return {
    primaryUrl,
    replicaUrl,
    primaryPort,
    replicaPort,
    database,
    waitForCatchUp,
    statementCalls,
    resetStatements: async () => {
      await query(primaryUrl, 'SELECT pg_stat_statements_reset()');
      if (running.has(replicaData)) await query(replicaUrl, 'SELECT pg_stat_statements_reset()');
    },
    stopReplica: async () => pgCtlStop(replicaData, 'immediate'),
    startReplica: async () => {
      if (running.has(replicaData)) return;
      pgCtlStart(replicaData, replicaPort);
      await waitUntilAccepting(replicaUrl);
    },
    stop: async () => {
      try {
        pgCtlStop(replicaData, 'immediate');
        pgCtlStop(primaryData, 'immediate');
      } finally {
        emergencyStop();
        process.removeListener('exit', emergencyStop);
      }
    },
  };
}
