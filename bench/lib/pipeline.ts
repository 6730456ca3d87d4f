import { measure, Measured } from './load';
import { freePort, Service, startBuilt, waitForHealth } from './processes';

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

export async function measureBareRoute(entry: string, env: Record<string, string>, seconds: number, connections = 10): Promise<BareRoute> {
  const port = await freePort();
  const service = startBuilt(entry, { ...env, PORT: String(port) });
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, service, '/');
    await measure({ url: `${url}/` }, connections, Math.min(2, seconds));
    return await measureWithCpu(service, { url: `${url}/` }, connections, seconds);
  } finally {
    await service.stop();
  }
}

export const MINIMAL_NEST_ENTRY = 'bench/pipeline/minimal-nest-app.js';
export const PIPELINE_API_ENTRY = 'bench/pipeline/pipeline-api.js';
