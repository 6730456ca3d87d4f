import type { RedisClient } from '../redis/redis-client';

const HEARTBEAT_TTL_MS = 15_000;
const key = (prefix: string) => `${prefix}:worker-heartbeats`;

/** Worker processes announce themselves every few seconds; readiness counts the live ones. */
export async function beat(redis: RedisClient, prefix: string, workerId: string, now = Date.now()): Promise<void> {
  await redis
    .multi()
    .zadd(key(prefix), now, workerId)
    .zremrangebyscore(key(prefix), 0, now - HEARTBEAT_TTL_MS)
    .exec();
}

export async function leave(redis: RedisClient, prefix: string, workerId: string): Promise<void> {
  await redis.zrem(key(prefix), workerId);
}

export async function liveWorkers(redis: RedisClient, prefix: string, now = Date.now()): Promise<number> {
  return redis.zcount(key(prefix), now - HEARTBEAT_TTL_MS, '+inf');
}

export const HEARTBEAT_INTERVAL_MS = 5_000;
