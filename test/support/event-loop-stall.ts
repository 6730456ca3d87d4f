import type IORedis from 'ioredis';
import type { RedisClient } from '@hcs/platform';

/** Blocks this process's event loop, as a long GC pause or a starved CPU does. */
export function stall(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

/**
 * What a SET sent just before a stall of `stallMs` comes to: its reply, or the error's message.
 * The same key is read first, until a read succeeds, so the connection (a Cluster's to the key's
 * master too) is open and the command is written at once: Redis answers while the loop is stalled
 * (docs/operations-faults.md "Redis").
 */
export async function acrossStall(client: RedisClient | IORedis, key: string, stallMs: number): Promise<string> {
  await warmedUp(client, key);
  const answer = client.set(key, 'v', 'EX', 60).then(
    (reply) => String(reply),
    (error: Error) => error.message,
  );
  stall(stallMs);
  return answer;
}

/**
 * Reads `key` until a read comes back: on a loaded machine a new connection's first command can
 * outlast a short deadline while the connection is still being made, which is not what is tested.
 */
async function warmedUp(client: RedisClient | IORedis, key: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await client.get(key);
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
    }
  }
}
