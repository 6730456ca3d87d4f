import { execFileSync } from 'node:child_process';

const PGBENCH_DB = 'hcs_bench_pgbench';
const initialized = new Set<string>();

/**
 * `pgbench -N` (simple-update TPC-B without branch/teller updates) TPS on the same machine in the
 * same run: the in-run baseline of the chain, so the ratio holds on faster or slower machines. The
 * full run measures it beside each chain window (docs/performance.md).
 * Returns 0 (and says so) when pgbench is not installed (Debian: postgresql-client).
 */
export function pgbenchTps(pg: string, seconds: number, clients = 8): number {
  const url = new URL(`${pg}/${PGBENCH_DB}`);
  const args = ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username || 'postgres')];
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(url.password) };
  try {
    execFileSync('psql', [...args, '-d', 'postgres', '-qc', `CREATE DATABASE ${PGBENCH_DB}`], { stdio: 'ignore', env });
  } catch {
    // exists already
  }
  try {
    // Its tables are made afresh once per run; the run's later windows use them as they are.
    if (!initialized.has(pg)) execFileSync('pgbench', ['-i', '-s', '1', '-q', ...args, PGBENCH_DB], { stdio: 'ignore', env });
    initialized.add(pg);
    const out = execFileSync('pgbench', ['-N', '-c', String(clients), '-j', '2', '-T', String(Math.max(1, seconds)), ...args, PGBENCH_DB], {
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const match = /tps = ([\d.]+)/.exec(out);
    return match ? Math.round(Number(match[1])) : 0;
  } catch (error) {
    process.stderr.write(`bench: pgbench unavailable (${(error as Error).message.split('\n')[0]}); install postgresql-client for the chain baseline\n`);
    return 0;
  }
}
