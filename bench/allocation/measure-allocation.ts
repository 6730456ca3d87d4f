import { join } from 'node:path';
import { measure } from '../lib/load';
import { withBareRoute } from '../lib/pipeline';
import { DIST, freePort } from '../lib/processes';
import { AllocationSummary, SamplingHeapProfileNode, summarizeAllocations } from './allocation-summary';

const SAMPLER = join(DIST, 'bench', 'allocation', 'allocation-sampler.js');

export interface Allocation extends AllocationSummary {
  requests: number;
}

/**
 * `GET /` of a built entry point started with `env` and the allocation sampler preloaded: 2 s of
 * warm-up, then `seconds` of load (10 connections) with the sampler on. The sampler slows the
 * process down, so read the bytes, not the speed.
 */
export async function measureAllocation(entry: string, env: Record<string, string>, seconds: number): Promise<Allocation> {
  const samplerPort = await freePort();
  const sampler = async (command: 'start' | 'stop') => {
    const res = await fetch(`http://127.0.0.1:${samplerPort}/${command}`);
    if (!res.ok) throw new Error(`allocation sampler ${command}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<{ head?: SamplingHeapProfileNode }>;
  };
  const start = { entry, env: { ...env, ALLOCATION_SAMPLER_PORT: String(samplerPort) }, nodeArgs: ['-r', SAMPLER], connections: 10, warmUpSeconds: 2 };
  return withBareRoute(start, async (_service, url) => {
    await sampler('start');
    const m = await measure({ url: `${url}/` }, 10, seconds);
    const profile = await sampler('stop');
    if (!profile.head) throw new Error('allocation sampler returned no profile');
    if (m.non_2xx > 0 || m.errors > 0) throw new Error(`${entry}: ${m.non_2xx} non-2xx answers and ${m.errors} errors under load`);
    return { requests: m.requests, ...summarizeAllocations(profile.head, m.requests) };
  });
}
