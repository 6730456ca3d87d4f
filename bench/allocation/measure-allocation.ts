import { join } from 'node:path';
import { measure } from '../lib/load';
import { DIST, freePort, startBuilt, waitForHealth } from '../lib/processes';
import { AllocationSummary, SamplingHeapProfileNode, summarizeAllocations } from './allocation-summary';

const SAMPLER = join(DIST, 'bench', 'allocation', 'allocation-sampler.js');

export interface Allocation extends AllocationSummary {
  requests: number;
  requests_per_second: number;
}

/**
 * `GET /` of a built entry point started with `env` and the allocation sampler preloaded: 2 s of
 * warm-up, then `seconds` of load (10 connections) with the sampler on. The sampler slows the
 * process down, so its req/s are not the pipeline bench's: read the bytes.
 */
export async function measureAllocation(entry: string, env: Record<string, string>, seconds: number): Promise<Allocation> {
  const [port, samplerPort] = [await freePort(), await freePort()];
  const service = startBuilt(entry, { ...env, PORT: String(port), ALLOCATION_SAMPLER_PORT: String(samplerPort) }, ['-r', SAMPLER]);
  const sampler = async (command: 'start' | 'stop') => {
    const res = await fetch(`http://127.0.0.1:${samplerPort}/${command}`);
    if (!res.ok) throw new Error(`allocation sampler ${command}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ head?: SamplingHeapProfileNode }>;
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForHealth(url, service, '/');
    await measure({ url: `${url}/` }, 10, 2);
    await sampler('start');
    const m = await measure({ url: `${url}/` }, 10, seconds);
    const profile = await sampler('stop');
    if (!profile.head) throw new Error('allocation sampler returned no profile');
    if (m.non_2xx > 0 || m.errors > 0) throw new Error(`${entry}: ${m.non_2xx} non-2xx answers and ${m.errors} errors under load`);
    return { requests: m.requests, requests_per_second: m.requests_per_second, ...summarizeAllocations(profile.head, m.requests) };
  } finally {
    await service.stop();
  }
}
