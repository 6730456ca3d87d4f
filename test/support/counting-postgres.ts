import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../../libs/persistence/src/data-source';
import { runMigrations } from '../../libs/persistence/src/migration-runner';
import { postgresBinDir } from './postgres-replica';
import { freePort } from './processes';

/**
 * A Postgres server of the test's own that counts every statement its clients send
 * (pg_stat_statements, top-level statements, BEGIN/COMMIT included): how many statements the whole
 * system (api and worker, whatever process) sends, read where they arrive. `initdb` in a temporary
 * directory, started with `pg_ctl` as the `postgres` OS user on a free port; the machine's own
 * Postgres is never touched.
 */
export interface CountingPostgres {
  url: string;
  /** Statements received since the last reset, the counter's own queries excluded. */
  statements: () => Promise<number>;
  /** The statements received since the last reset, most called first (for a failing budget). */
  breakdown: () => Promise<Array<{ calls: number; query: string }>>;
  /** The same by statement (`queryid`), with the rows they returned or changed in all, most called first. */
  entries: () => Promise<Array<{ queryid: string; calls: number; rows: number; query: string }>>;
  reset: () => Promise<void>;
  stop: () => Promise<void>;
}

const OS_USER = 'postgres';

function asPostgres(bin: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const result = spawnSync(root ? 'runuser' : bin, root ? ['-u', OS_USER, '--', bin, ...args] : args, { encoding: 'utf8', timeout: 60_000, cwd: tmpdir() });
  if (result.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${result.stderr || result.stdout || result.error?.message}`);
}

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

export async function startCountingPostgres(database = 'hcs_test_counted'): Promise<CountingPostgres> {
  const bin = postgresBinDir();
  const dir = mkdtempSync(join(tmpdir(), 'hcs-pg-counting-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', OS_USER], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', OS_USER], { encoding: 'utf8' }).stdout.trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  let running = false;
  const stop = () => {
    if (running) spawnSync('runuser', ['-u', OS_USER, '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'], { stdio: 'ignore' });
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const url = `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    asPostgres(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
    asPostgres('/bin/sh', [
      '-c',
      `printf "%s\\n" "fsync = off" "full_page_writes = off" "shared_preload_libraries = 'pg_stat_statements'" "pg_stat_statements.track = top" "pg_stat_statements.track_utility = on" "max_connections = 200" >> ${data}/postgresql.conf`,
    ]);
    asPostgres(join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      '-w',
      '-t',
      '60',
      'start',
    ]);
    running = true;
    await query(admin, `CREATE DATABASE "${database}"`);
    await query(url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const dataSource = createDataSource({ databaseUrl: url, databasePoolSize: 2 });
    await dataSource.initialize();
    try {
      await runMigrations(dataSource);
    } finally {
      await dataSource.destroy();
    }
  } catch (error) {
    stop();
    throw error;
  }
  const ours = `s.query NOT ILIKE '%pg_stat_statements%'`;
  return {
    url,
    statements: async () => {
      const [row] = await query<{ calls: string | null }>(url, `SELECT sum(s.calls)::text AS calls FROM pg_stat_statements s WHERE ${ours}`);
      return Number(row?.calls ?? 0);
    },
    breakdown: async () =>
      (
        await query<{ calls: string; query: string }>(
          url,
          `SELECT s.calls::text AS calls, left(regexp_replace(s.query, '\\s+', ' ', 'g'), 140) AS query FROM pg_stat_statements s WHERE ${ours} ORDER BY s.calls DESC`,
        )
      ).map((r) => ({ calls: Number(r.calls), query: r.query })),
    entries: async () =>
      (
        await query<{ queryid: string; calls: string; rows: string; query: string }>(
          url,
          `SELECT s.queryid::text AS queryid, s.calls::text AS calls, s.rows::text AS rows, left(regexp_replace(s.query, '\\s+', ' ', 'g'), 140) AS query
             FROM pg_stat_statements s WHERE ${ours} ORDER BY s.calls DESC`,
        )
      ).map((r) => ({ queryid: r.queryid, calls: Number(r.calls), rows: Number(r.rows), query: r.query })),
    reset: async () => {
      await query(url, 'SELECT pg_stat_statements_reset()');
    },
    stop: async () => {
      stop();
      process.removeListener('exit', stop);
    },
  };
}
