import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_REDIS_DB } from '../../support/test-database';

/**
 * CI runs the benchmark for a second per scenario on a small catalog (`npm run bench -- --smoke`),
 * so the bench cannot rot: it must finish, write its JSON and SVG, and find the chain correct
 * (no failed chain, exactly 2 of the contention holds, every pending hold expired, the round-trip
 * budget kept) and the whole system's statements and Redis commands per chain counted. Speed targets are not judged here: that is the full run's job (docs/performance.md).
 */
describe('npm run bench --smoke', () => {
  it('runs every scenario and writes its results', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hcs-bench-smoke-'));
    const child = spawn(process.execPath, [join(__dirname, '..', '..', '..', 'dist', 'bench', 'run.js'), '--smoke'], {
      env: {
        ...process.env,
        BENCH_RESULTS_DIR: dir,
        BENCH_PG: process.env.HCS_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432',
        BENCH_DB: `${process.env.HCS_TEST_DB ?? 'hcs_test'}_bench`,
        BENCH_REDIS: `redis://127.0.0.1:6379/${TEST_REDIS_DB}`,
      },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect({ code, stderr: code === 0 ? '' : stderr }).toEqual({ code: 0, stderr: '' });
    const report = JSON.parse(readFileSync(join(dir, 'smoke.json'), 'utf8')) as {
      rows: Array<{ scenario: string; value: number | null; baseline_value: number | null; note?: string }>;
      machine: { cores: number };
      details: { pgbench_tps: { before: number; between: number; after: number } };
    };
    expect(report.rows.map((r) => r.scenario.split(/[,:]/)[0])).toEqual([
      'node',
      'bare Nest route GET /',
      'bare GET / vs minimal Nest + Express',
      'enveloped GET /healthz',
      'authenticated GET /v1/properties/{id}',
      'search',
      'search p95',
      'chain quote->hold->booking',
      'chain',
      'SQL round trips per chain',
      'restriction update',
      'OTA rate message',
      'OTA rate message beside a chain',
      'SQL statements per chain',
      'Redis commands per chain',
      'hot room',
      'hold-expiry lag',
      'ari.xml',
      'property read p99 beside 20 uncached feeds',
      'api peak RSS',
    ]);
    // One statement per restriction update, whatever the range (the run also fails on more).
    expect(report.rows.find((r) => r.scenario.startsWith('restriction update'))?.value).toBe(1);
    // Counted on a Postgres and a Redis of the bench's own: a count that could not be made is n/a (null) with its reason.
    const counted = report.rows.filter((r) => / per chain, api \+ worker$/.test(r.scenario));
    expect(
      counted.map((r) => ({ scenario: r.scenario, measured: typeof r.value === 'number' && r.value > 0, note: r.value === null ? r.note : undefined })),
    ).toEqual([
      { scenario: 'SQL statements per chain, api + worker', measured: true, note: undefined },
      { scenario: 'Redis commands per chain, api + worker', measured: true, note: undefined },
    ]);
    // The chain windows' baseline: pgbench -N beside each window, each chain row divided by the mean of its two.
    const tps = report.details.pgbench_tps;
    expect([tps.before, tps.between, tps.after].every((n) => n > 0)).toBe(true);
    const chains = report.rows.filter((r) => r.scenario.startsWith('chain'));
    expect(chains.map((r) => r.baseline_value)).toEqual([Math.round((tps.before + tps.between) / 2), Math.round((tps.between + tps.after) / 2)]);
    // Search at scale: both tenants measured, the larger one ten times the smaller.
    const scale = report.rows.find((r) => r.scenario.startsWith('search p95'));
    expect(scale?.value).toBeGreaterThan(0);
    expect(scale?.baseline_value).toBeGreaterThan(0);
    expect(scale?.scenario).toBe('search p95, 200 vs 20 properties');
    expect(report.machine.cores).toBeGreaterThan(0);
    expect(readFileSync(join(dir, 'smoke.svg'), 'utf8')).toContain('<svg');
  }, 300_000);
});
