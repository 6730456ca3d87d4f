/**
 * `npm run bench:pipeline`: what each global piece of the api's pipeline costs on the bare route
 * `GET /` (docs/performance.md). Boots the built api once per variant with one piece switched off
 * (bench/pipeline/pipeline-switches.ts), next to the smallest Nest + Express app and with the full
 * pipeline measured first and last (the in-run baseline); 10 connections, BENCH_SECONDS (5) each.
 * The api runs with its production node flags (`scripts/api-node-args.mjs`, or
 * BENCH_API_NODE_ARGS), as in `npm run bench`.
 * BENCH_PIPELINE_PIECES narrows the pieces. Prints a table and writes JSON to stdout's last line.
 */
import { MINIMAL_NEST_ENTRY, measureBareRoute, PIPELINE_API_ENTRY, pipelineBenchEnv } from './lib/pipeline';
import { apiNodeArgs } from './lib/processes';
import { PIPELINE_PIECES } from './pipeline/pipeline-switches';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** The api with its production V8 flags, as `npm run bench` and `npm start` run it; the minimal app with Node's defaults. */
const API_NODE_ARGS = apiNodeArgs();
const PIECES = (process.env.BENCH_PIPELINE_PIECES ?? PIPELINE_PIECES.join(',')).split(',').filter(Boolean);

async function main(): Promise<void> {
  const env = await pipelineBenchEnv('hcs-pipeline');
  const rows: Array<{ variant: string; rps: number; cpu_us: number; p50_ms: number; p99_ms: number }> = [];
  const run = async (variant: string, entry: string, extra: Record<string, string> = {}) => {
    const m = await measureBareRoute(entry, { ...env, ...extra }, SECONDS, 10, entry === PIPELINE_API_ENTRY ? API_NODE_ARGS : []);
    rows.push({ variant, rps: m.requests_per_second, cpu_us: m.cpu_us_per_request, p50_ms: m.p50_ms, p99_ms: m.p99_ms });
    process.stderr.write(`pipeline: ${variant}: ${m.requests_per_second} req/s, ${m.cpu_us_per_request} µs CPU per request\n`);
  };
  await run('minimal Nest + Express', MINIMAL_NEST_ENTRY);
  await run('api, full pipeline', PIPELINE_API_ENTRY);
  for (const piece of PIECES) await run(`api without ${piece}`, PIPELINE_API_ENTRY, { PIPELINE_OFF: piece });
  await run('api without all of them', PIPELINE_API_ENTRY, { PIPELINE_OFF: PIECES.join(',') });
  await run('api, full pipeline (again)', PIPELINE_API_ENTRY);
  await run('minimal Nest + Express (again)', MINIMAL_NEST_ENTRY);
  // CPU per request is the figure to read on a shared machine; req/s moves with the neighbours.
  const full = (rows[1].cpu_us + rows[rows.length - 2].cpu_us) / 2;
  const floor = (rows[0].cpu_us + rows[rows.length - 1].cpu_us) / 2;
  process.stdout.write(`${'variant'.padEnd(34)} ${'req/s'.padStart(8)} ${'CPU µs/req'.padStart(11)} ${'saved µs'.padStart(9)}\n`);
  for (const r of rows) {
    process.stdout.write(
      `${r.variant.padEnd(34)} ${String(r.rps).padStart(8)} ${String(r.cpu_us).padStart(11)} ${String(Math.round(full - r.cpu_us)).padStart(9)}\n`,
    );
  }
  process.stdout.write(`minimal Nest CPU per request ÷ bare GET /: ${(floor / full).toFixed(3)}\n`);
  process.stdout.write(`${JSON.stringify({ seconds: SECONDS, full_cpu_us: full, minimal_nest_cpu_us: floor, rows })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`pipeline bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
