import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './processes';
import { postgresBinDir } from './postgres-replica';

/**
 * A high-availability Postgres of the test's own, from the distribution's packages
 * (docs/scaling.md, "Losing the Postgres primary"): one etcd, two Patroni nodes (a primary and a
 * synchronous standby, `synchronous_mode: true`, a 10 s leader lease) and HAProxy in front, sending
 * connections to whichever node Patroni's REST API says is the primary (`GET /primary` = 200),
 * all on free ports under a temporary directory, as the `postgres` OS user where one is needed.
 * The packages are installed with apt on first use.
 */
export interface PatroniStack {
  /** `postgres://postgres@127.0.0.1:<haproxy>/<database>`: the service's DATABASE_URL. */
  urlFor: (database: string) => string;
  /** The node Patroni says is the primary now, or null while there is none. */
  primary: () => Promise<PatroniNode | null>;
  nodes: PatroniNode[];
  /** The end of Patroni's log (both nodes), for a failure's message. */
  log: () => string;
  /** SIGKILL of the node's postmaster (Patroni, alive, recovers it or hands over). */
  killPostmaster: (node: PatroniNode) => void;
  stop: () => Promise<void>;
}

export interface PatroniNode {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
}

const OS_USER = 'postgres';
const PACKAGES = { patroni: 'patroni', etcd: 'etcd-server', haproxy: 'haproxy' } as const;

function which(bin: string): string | null {
  const found = spawnSync('sh', ['-c', `command -v ${bin} || ls /usr/sbin/${bin} /usr/bin/${bin} 2>/dev/null`], { encoding: 'utf8' });
  return found.status === 0 && found.stdout.trim() ? found.stdout.trim().split('\n')[0] : null;
}

function ensureInstalled(): void {
  const missing = (Object.keys(PACKAGES) as Array<keyof typeof PACKAGES>).filter((bin) => !which(bin)).map((bin) => PACKAGES[bin]);
  if (missing.length === 0) return;
  const installed = spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: 300_000,
  });
  if (installed.status !== 0) throw new Error(`${missing.join(', ')} missing and apt-get could not install them: ${installed.stderr}`);
}

const asRoot = () => process.getuid?.() === 0;

/** Runs `bin` as the `postgres` OS user when the test runs as root (Postgres refuses root), in the process itself (no wrapper to outlive). */
function spawnAsPostgres(bin: string, args: string[], home: string): ChildProcess {
  const ids = asRoot()
    ? { uid: Number(spawnSync('id', ['-u', OS_USER], { encoding: 'utf8' }).stdout), gid: Number(spawnSync('id', ['-g', OS_USER], { encoding: 'utf8' }).stdout) }
    : {};
  return spawn(bin, args, { ...ids, stdio: 'ignore', env: { PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8' } });
}

async function status(url: string): Promise<number> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1000) })).status;
  } catch {
    return 0;
  }
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number, logs: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms\n${logs()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function startPatroniStack(): Promise<PatroniStack> {
  ensureInstalled();
  const dir = mkdtempSync(join(tmpdir(), 'hcs-patroni-'));
  const [etcdClient, etcdPeer, haproxyPort] = [await freePort(), await freePort(), await freePort()];
  const nodes: PatroniNode[] = [];
  for (const name of ['n1', 'n2']) nodes.push({ name, pgPort: await freePort(), restPort: await freePort(), dataDir: join(dir, name) });
  mkdirSync(join(dir, 'etcd'));
  const bin = postgresBinDir();
  const scope = `hcs-test-${process.pid}-${Date.now()}`;
  for (const node of nodes) {
    writeFileSync(
      join(dir, `${node.name}.yml`),
      `scope: ${scope}
namespace: /hcs/
name: ${node.name}
log:
  level: WARNING
  dir: ${dir}
  file_num: 1
restapi:
  listen: 127.0.0.1:${node.restPort}
  connect_address: 127.0.0.1:${node.restPort}
etcd3:
  hosts: 127.0.0.1:${etcdClient}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 1
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      parameters:
        max_connections: 100
        wal_level: replica
        hot_standby: 'on'
        max_wal_senders: 10
        max_replication_slots: 10
        wal_log_hints: 'on'
  initdb:
    - encoding: UTF8
    - auth: trust
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${node.dataDir}
  bin_dir: ${bin}
  pgpass: ${join(dir, `${node.name}.pgpass`)}
  authentication:
    superuser:
      username: ${OS_USER}
    replication:
      username: ${OS_USER}
    rewind:
      username: ${OS_USER}
  parameters:
    unix_socket_directories: ${dir}
  pg_hba:
    - local all all trust
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
`,
    );
  }
  writeFileSync(
    join(dir, 'haproxy.cfg'),
    `global
  maxconn 500
defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 1s
listen primary
  bind 127.0.0.1:${haproxyPort}
  balance first
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`).join('\n')}
`,
  );
  if (asRoot()) spawnSync('chown', ['-R', `${OS_USER}:${OS_USER}`, dir]);
  else chownSync(dir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);

  const children: ChildProcess[] = [];
  const logs = () => {
    try {
      return readFileSync(join(dir, 'patroni.log'), 'utf8').slice(-4000);
    } catch {
      return '(no patroni log)';
    }
  };
  children.push(
    spawnAsPostgres(
      which('etcd')!,
      [
        '--name',
        'e1',
        '--data-dir',
        join(dir, 'etcd'),
        '--listen-client-urls',
        `http://127.0.0.1:${etcdClient}`,
        '--advertise-client-urls',
        `http://127.0.0.1:${etcdClient}`,
        '--listen-peer-urls',
        `http://127.0.0.1:${etcdPeer}`,
        '--initial-advertise-peer-urls',
        `http://127.0.0.1:${etcdPeer}`,
        '--initial-cluster',
        `e1=http://127.0.0.1:${etcdPeer}`,
        '--log-level',
        'warn',
      ],
      dir,
    ),
  );
  await until('etcd answering', async () => (await status(`http://127.0.0.1:${etcdClient}/health`)) === 200, 20_000, logs);
  const startNode = (node: PatroniNode) => {
    const child = spawnAsPostgres(which('patroni')!, [join(dir, `${node.name}.yml`)], dir);
    children.push(child);
  };
  const rest = (node: PatroniNode, path: string) => status(`http://127.0.0.1:${node.restPort}${path}`);
  startNode(nodes[0]);
  await until('the first node primary', async () => (await rest(nodes[0], '/primary')) === 200, 60_000, logs);
  startNode(nodes[1]);
  await until('the second node a synchronous standby', async () => (await rest(nodes[1], '/sync')) === 200, 60_000, logs);
  const haproxy = spawn(which('haproxy')!, ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: 'ignore' });
  children.push(haproxy);
  // HAProxy counts every server up until its checks say otherwise: the stack is ready once several
  // connections in a row all reach the primary.
  let inARow = 0;
  const onPrimary = async () => {
    const client = new Client({ connectionString: `postgres://${OS_USER}@127.0.0.1:${haproxyPort}/postgres`, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      const [{ standby }] = (await client.query<{ standby: boolean }>('SELECT pg_is_in_recovery() AS standby')).rows;
      inARow = standby ? 0 : inARow + 1;
    } catch {
      inARow = 0;
    } finally {
      await client.end().catch(() => undefined);
    }
    return inARow >= 6;
  };
  await until('HAProxy sending every connection to the primary', onPrimary, 30_000, logs);

  const postmasterPid = (node: PatroniNode): number | null => {
    try {
      return Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      return null;
    }
  };
  return {
    urlFor: (database) => `postgres://${OS_USER}@127.0.0.1:${haproxyPort}/${database}`,
    nodes,
    primary: async () => {
      for (const node of nodes) if ((await rest(node, '/primary')) === 200) return node;
      return null;
    },
    log: logs,
    killPostmaster: (node) => {
      const pid = postmasterPid(node);
      if (pid) process.kill(pid, 'SIGKILL');
    },
    stop: async () => {
      for (const child of [...children].reverse()) child.kill('SIGKILL');
      // Postgres children of a killed Patroni: stop every server of the stack's own directories.
      for (const node of nodes) {
        const pid = postmasterPid(node);
        if (pid) {
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // already gone
          }
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
