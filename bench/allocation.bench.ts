/**
 * `npm run bench:alloc` (after `npm run build`): the bytes the api allocates per request of the
 * bare route `GET /`, beside the smallest Nest + Express app, with each global piece of the
 * pipeline switched off in turn (the variants of `npm run bench:pipeline`). A count where CPU time
 * is noisy: every allocation costs its creation and a share of the next scavenge, so bytes per
 * request move with the work a piece does per request (docs/performance.md, "Counts instead of timings").
 * BENCH_PIPELINE_PIECES narrows the pieces; BENCH_SECONDS (4) per variant. Prints a table, then
 * JSON on stdout's last line.
 */
import { Allocation, measureAllocation } from './allocation/measure-allocation';
import { MINIMAL_NEST_ENTRY, PIPELINE_API_ENTRY, pipelineBenchEnv } from './lib/pipeline';
import { PIPELINE_PIECES } from './pipeline/pipeline-switches';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PIECES = (process.env.BENCH_PIPELINE_PIECES ?? PIPELINE_PIECES.join(',')).split(',').filter(Boolean);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

async function main(): Promise<void> {
  const env = await pipelineBenchEnv('hcs-alloc');
  const rows: Array<{ variant: string } & Allocation> = [];
  const run = async (variant: string, entry: string, extra: Record<string, string> = {}) => {
    const a = await measureAllocation(entry, { ...env, ...extra }, SECONDS);
    rows.push({ variant, ...a });
    process.stderr.write(`alloc: ${variant}: ${kb(a.bytesPerRequest)} KB per request over ${a.requests} requests\n`);
  };
  await run('minimal Nest + Express', MINIMAL_NEST_ENTRY);
  await run('api, full pipeline', PIPELINE_API_ENTRY);
  for (const piece of PIECES) await run(`api without ${piece}`, PIPELINE_API_ENTRY, { PIPELINE_OFF: piece });
  await run('api without all of them', PIPELINE_API_ENTRY, { PIPELINE_OFF: PIECES.join(',') });
  const full = rows[1].bytesPerRequest;
  process.stdout.write(`${'variant'.padEnd(34)} ${'KB/request'.padStart(10)} ${'saved KB'.padStart(9)}\n`);
  for (const r of rows) {
    process.stdout.write(`${r.variant.padEnd(34)} ${kb(r.bytesPerRequest).padStart(10)} ${kb(full - r.bytesPerRequest).padStart(9)}\n`);
  }
  process.stdout.write('api, full pipeline: where it allocates (bytes per request)\n');
  for (const t of rows[1].top) process.stdout.write(`${String(t.bytesPerRequest).padStart(7)}  ${t.frame}\n`);
  process.stdout.write(
    `${JSON.stringify({ seconds: SECONDS, rows: rows.map(({ variant, requests, bytesPerRequest }) => ({ variant, requests, bytes_per_request: bytesPerRequest })) })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`allocation bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
