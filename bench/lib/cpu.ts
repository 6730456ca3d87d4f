import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time per process over a measured window, read from /proc/<pid>/stat (utime + stime, clock
 * ticks of 10 ms on Linux): where the machine's cores went during a scenario, split into the api
 * process(es), the worker, Postgres (the backends of the bench's database, and every other process
 * of the `postgres` user: the server's own writers and other databases' backends), redis-server
 * and the bench process itself (the load generator). On a shared machine the last two groups and
 * the shared redis-server also carry other users' work: read them as upper bounds.
 */
export interface CpuGroups {
  api: number[];
  worker: number[];
  /** Backends of the bench's own database (pg_stat_activity), read when the window starts and ends. */
  postgresDb: () => Promise<number[]>;
  redisPort: number;
}

export interface CpuPerChain {
  chains: number;
  window_ms: number;
  /** ms of CPU per chain, by process group. */
  per_chain_ms: {
    api: number;
    worker: number;
    postgres_bench_db: number;
    postgres_other: number;
    redis: number;
    bench: number;
    total: number;
  };
  /** ms of CPU of the whole window, by process group. */
  window_cpu_ms: Record<string, number>;
  /** The machine's CPU over the window, as cores busy (from /proc/stat), every process included. */
  machine_busy_cores: number;
}

const TICK_MS = 10;

function cpuOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

function uidOf(user: string): number | null {
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${user}:`));
    return line ? Number(line.split(':')[2]) : null;
  } catch {
    return null;
  }
}

function pids(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

function processesOfUid(uid: number | null): number[] {
  if (uid === null) return [];
  return pids().filter((pid) => {
    try {
      return new RegExp(`^Uid:\\s+${uid}\\s`, 'm').test(readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return false;
    }
  });
}

/** The redis-server listening on `port` (its command line names the port). */
export function redisServerPids(port: number): number[] {
  return pids().filter((pid) => {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      return cmd.startsWith('redis-server') && (cmd.includes(`:${port}`) || cmd.includes(`--port ${port}`));
    } catch {
      return false;
    }
  });
}

function machineTicks(): { busy: number; all: number } {
  const [line] = readFileSync('/proc/stat', 'utf8').split('\n');
  const n = line.trim().split(/\s+/).slice(1).map(Number);
  const all = n.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = n[3] + n[4];
  return { busy: all - idle, all };
}

const POSTGRES_UID = uidOf('postgres');

/**
 * Starts a window: call the returned function with the number of chains completed in it. A
 * process that exits inside the window loses its CPU (the pool's backends live as long as the api).
 */
export async function cpuWindow(groups: CpuGroups): Promise<(chains: number) => Promise<CpuPerChain>> {
  const started = Date.now();
  const self0 = process.cpuUsage();
  const machine0 = machineTicks();
  const pg0 = new Map(processesOfUid(POSTGRES_UID).map((pid) => [pid, cpuOf(pid)]));
  const db0 = new Set(await groups.postgresDb());
  const redis = redisServerPids(groups.redisPort);
  const sum = (list: number[]) => list.reduce((n, pid) => n + cpuOf(pid), 0);
  const api0 = sum(groups.api);
  const worker0 = sum(groups.worker);
  const redis0 = sum(redis);
  return async (chains: number) => {
    const api = sum(groups.api) - api0;
    const worker = sum(groups.worker) - worker0;
    const redisMs = sum(redis) - redis0;
    const self = process.cpuUsage(self0);
    const bench = (self.user + self.system) / 1000;
    const db = new Set([...db0, ...(await groups.postgresDb())]);
    let postgresDb = 0;
    let postgresOther = 0;
    for (const pid of processesOfUid(POSTGRES_UID)) {
      const used = cpuOf(pid) - (pg0.get(pid) ?? 0);
      if (db.has(pid)) postgresDb += used;
      else postgresOther += used;
    }
    const machine1 = machineTicks();
    const windowMs = Date.now() - started;
    const cpu = { api, worker, postgres_bench_db: postgresDb, postgres_other: postgresOther, redis: redisMs, bench: Math.round(bench) };
    const total = Object.values(cpu).reduce((a, b) => a + b, 0);
    const per = (ms: number) => (chains > 0 ? Number((ms / chains).toFixed(2)) : 0);
    return {
      chains,
      window_ms: windowMs,
      per_chain_ms: {
        api: per(api),
        worker: per(worker),
        postgres_bench_db: per(postgresDb),
        postgres_other: per(postgresOther),
        redis: per(redisMs),
        bench: per(bench),
        total: per(total),
      },
      window_cpu_ms: { ...cpu, total },
      machine_busy_cores: Number((((machine1.busy - machine0.busy) / Math.max(1, machine1.all - machine0.all)) * cpuCount()).toFixed(2)),
    };
  };
}

function cpuCount(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l)).length;
}

/** One printed line: ms of CPU per chain by process group. */
export function cpuLine(label: string, c: CpuPerChain): string {
  const p = c.per_chain_ms;
  return (
    `${label}: CPU ms per chain: api ${p.api}, worker ${p.worker}, postgres (bench db) ${p.postgres_bench_db}, postgres (other) ${p.postgres_other}, ` +
    `redis ${p.redis}, bench client ${p.bench}; total ${p.total} over ${c.chains} chains (machine ${c.machine_busy_cores} cores busy)`
  );
}
