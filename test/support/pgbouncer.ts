import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './processes';

/**
 * PgBouncer of the test's own, in transaction pooling, in front of the machine's Postgres
 * (docs/scaling.md, "Through a connection pooler"): the distribution's `pgbouncer` (installed with
 * apt on first use), on a free port, with a few server connections per database so that every
 * transaction of many clients lands on whichever server connection is free.
 */
export interface OwnPgBouncer {
  /** `postgres://postgres@127.0.0.1:<port>/<database>` through the pooler. */
  urlFor: (database: string) => string;
  port: number;
  /** What PgBouncer logged so far. */
  log: () => string;
  stop: () => Promise<void>;
}

const OS_USER = 'postgres';

function ensureInstalled(): string {
  const found = spawnSync('sh', ['-c', 'command -v pgbouncer || ls /usr/sbin/pgbouncer'], { encoding: 'utf8' });
  if (found.status === 0 && found.stdout.trim()) return found.stdout.trim().split('\n')[0];
  const installed = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'pgbouncer'], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 240_000,
  });
  if (installed.status !== 0) throw new Error(`pgbouncer is not installed and apt-get could not install it: ${installed.stderr}`);
  return '/usr/sbin/pgbouncer';
}

export async function ownPgBouncer(options: { serverConnections?: number } = {}): Promise<OwnPgBouncer> {
  const bin = ensureInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'hcs-pgbouncer-'));
  const port = await freePort();
  const logFile = join(dir, 'pgbouncer.log');
  writeFileSync(join(dir, 'userlist.txt'), `"${OS_USER}" ""\n`);
  writeFileSync(
    join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      '* = host=127.0.0.1 port=5432',
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.serverConnections ?? 3}`,
      'max_client_conn = 500',
      `logfile = ${logFile}`,
      `pidfile = ${join(dir, 'pgbouncer.pid')}`,
      'log_connections = 0',
      'log_disconnections = 0',
    ].join('\n') + '\n',
  );
  writeFileSync(logFile, '');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = spawnSync('id', ['-u', OS_USER], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', OS_USER], { encoding: 'utf8' });
    for (const path of [dir, logFile, join(dir, 'userlist.txt'), join(dir, 'pgbouncer.ini')]) chownSync(path, Number(ids.stdout), Number(gid.stdout));
  }
  // PgBouncer refuses to run as root.
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', OS_USER, '--', bin, join(dir, 'pgbouncer.ini')], { stdio: 'ignore' })
    : spawn(bin, [join(dir, 'pgbouncer.ini')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const urlFor = (database: string) => `postgres://${OS_USER}@127.0.0.1:${port}/${database}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const client = new Client({ connectionString: urlFor('postgres'), connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > deadline || child.exitCode !== null) {
        throw new Error(`pgbouncer did not answer on ${port}: ${(error as Error).message}\n${readFileSync(logFile, 'utf8')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    urlFor,
    port,
    log: () => readFileSync(logFile, 'utf8'),
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
