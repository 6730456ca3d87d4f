import { createDataSource } from '../../libs/persistence/src/data-source';
import { ensureDatabase, runMigrations } from '../../libs/persistence/src/migration-runner';
import { measure, Measured } from './load';
import { freePort, productionLikeEnv, Service, startBuilt, waitForHealth } from './processes';

/**
 * The environment the pipeline benches (`bench:pipeline`, `bench:alloc`) start the api with, on a
 * database of their own (BENCH_PG, BENCH_DB: hcs_bench_pipeline) created and migrated first.
 */
export async function pipelineBenchEnv(queuePrefix: string): Promise<Record<string, string>> {
  const databaseUrl = `${process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432'}/${process.env.BENCH_DB ?? 'hcs_bench_pipeline'}`;
  await ensureDatabase(databaseUrl);
  const db = createDataSource({ databaseUrl, databasePoolSize: 2 });
  await db.initialize();
  try {
    await runMigrations(db);
  } finally {
    await db.destroy();
  }
  return productionLikeEnv({
    publicUrl: 'https://bench.hcs.invalid',
    databaseUrl,
    redisUrl: process.env.BENCH_REDIS ?? 'redis://127.0.0.1:6379/14',
    queuePrefix: `${queuePrefix}-${process.pid}`,
  });
}

/** GET / of a built entry point started with `env` on a free port: warm-up, then `seconds` of load. */
export interface BareRoute extends Measured {
  /** CPU time of the serving process per request answered (user + system), in µs: steadier than req/s on a shared machine. */
  cpu_us_per_request: number;
}

/** `measure` with the CPU `service` spent per request answered meanwhile. */
export async function measureWithCpu(
  service: Pick<Service, 'cpuMs'>,
  target: Parameters<typeof measure>[0],
  connections: number,
  seconds: number,
): Promise<BareRoute> {
  const cpuBefore = service.cpuMs();
  const m = await measure(target, connections, seconds);
  const cpu = service.cpuMs() - cpuBefore;
  return { ...m, cpu_us_per_request: m.requests > 0 ? Math.round((cpu * 1000) / m.requests) : 0 };
}

/**
 * Starts a built entry point with `env` (and `nodeArgs`) on a free port, waits for `GET /`, warms
 * it up with `warmUpSeconds` of load on it, hands it to `use`, and stops it whatever happens.
 */
export async function withBareRoute<T>(
  start: { entry: string; env: Record<string, string>; nodeArgs?: string[]; connections: number; warmUpSeconds: number },
  use: (service: Service, url: string) => Promise<T>,
): Promise<T> {
  const port = await freePort();
  const service = startBuilt(start.entry, { ...start.env, PORT: String(port) }, start.nodeArgs ?? []);
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, service, '/');
    await measure({ url: `${url}/` }, start.connections, start.warmUpSeconds);
    return await use(service, url);
  } finally {
    await service.stop();
  }
}

export async function measureBareRoute(
  entry: string,
  env: Record<string, string>,
  seconds: number,
  connections = 10,
  nodeArgs: string[] = [],
): Promise<BareRoute> {
  return withBareRoute({ entry, env, nodeArgs, connections, warmUpSeconds: Math.min(2, seconds) }, (service, url) =>
    measureWithCpu(service, { url: `${url}/` }, connections, seconds),
  );
}

export const MINIMAL_NEST_ENTRY = 'bench/pipeline/minimal-nest-app.js';
export const PIPELINE_API_ENTRY = 'bench/pipeline/pipeline-api.js';
