import IORedis from 'ioredis';
import { ConfigError } from '../config/app-config';
import type { RedisNode } from './redis-client';

/** A cluster seed that does not answer within this is reported; none answering refuses the boot. */
export const CLUSTER_PROBE_TIMEOUT_MS = 5000;

export type SeedAnswer = 'cluster' | 'standalone' | 'silent';

const seedName = (n: RedisNode) => (n.host.includes(':') ? `[${n.host}]:${n.port}` : `${n.host}:${n.port}`);

/** Asks one seed whether it runs in cluster mode (`INFO cluster`), within the probe's time. */
async function askSeed(node: RedisNode, timeoutMs: number): Promise<SeedAnswer> {
  const probe = new IORedis({
    host: node.host,
    port: node.port,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    const info = await probe.info('cluster');
    return /cluster_enabled:1/.test(info) ? 'cluster' : 'standalone';
  } catch {
    return 'silent';
  } finally {
    probe.disconnect();
  }
}

/**
 * Checks `REDIS_CLUSTER_NODES` before anything connects, within CLUSTER_PROBE_TIMEOUT_MS: refused
 * (a ConfigError naming the variable) when no seed answers or a seed is a Redis outside cluster
 * mode. Seeds that stay silent while others answer are returned for a warning: a cluster with one
 * node down must still let processes start.
 */
export async function probeClusterSeeds(nodes: RedisNode[], timeoutMs = CLUSTER_PROBE_TIMEOUT_MS): Promise<{ silent: string[] }> {
  const answers = await Promise.all(nodes.map((n) => askSeed(n, timeoutMs)));
  const named = (kind: SeedAnswer) => nodes.filter((_, i) => answers[i] === kind).map(seedName);
  const standalone = named('standalone');
  if (standalone.length > 0) {
    throw new ConfigError([`REDIS_CLUSTER_NODES: ${standalone.join(', ')} is a Redis without cluster mode (cluster_enabled:0); set REDIS_URL for one Redis`]);
  }
  const silent = named('silent');
  if (silent.length === nodes.length) {
    throw new ConfigError([`REDIS_CLUSTER_NODES: no seed answered within ${timeoutMs / 1000} s (${silent.join(', ')})`]);
  }
  return { silent };
}
