import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig, REDIS, RedisClient } from '@hcs/platform';

/** What a request is counted against. */
export type RateLimitBucket = 'credential' | 'anonymous';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1). */
  resetSeconds: number;
}

const WINDOW_SECONDS = 60;
const WARN_EVERY_MS = 30_000;

/** Requests of one bucket and key waiting for the same count. */
interface Batch {
  bucket: RateLimitBucket;
  key: string;
  waiting: Array<(decision: RateLimitDecision | null) => void>;
}

/**
 * Fixed one-minute windows in Redis, shared by every api process: `RATE_LIMIT_PER_MINUTE` per
 * credential, `RATE_LIMIT_ANON_PER_MINUTE` per client IP (and tenant, for anonymous catalog reads).
 * If Redis does not answer, requests are let through and a warning is logged: an outage of the
 * limiter must not become an outage of the API.
 *
 * Requests of one key that arrive together are counted together (docs/performance.md, "Rate-limit
 * counts per event-loop turn"): those that reach the limiter in one turn of the event loop cost one `INCRBY` of their
 * number, and each is handed its own place in the window, so every one gets the decision and the
 * `RateLimit-Remaining` it would have had counted alone, in some order.
 */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly limiters: Record<RateLimitBucket, RateLimiterRedis>;
  private lastWarning = 0;
  /** Requests waiting to be counted in this turn of the event loop, by bucket and key. */
  private readonly batches = new Map<string, Batch>();

  constructor(@Inject(REDIS) redis: RedisClient, config: AppConfig) {
    const limiter = (bucket: RateLimitBucket, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${config.queuePrefix}:rl:${bucket}`,
        points,
        duration: WINDOW_SECONDS,
        rejectIfRedisNotReady: true,
        // A key whose budget is used up is refused from memory until its window ends: a client
        // hammering past the limit costs no Redis round trip per request.
        inMemoryBlockOnConsumed: points,
      });
    this.limiters = { credential: limiter('credential', config.rateLimitPerMinute), anonymous: limiter('anonymous', config.rateLimitAnonPerMinute) };
  }

  /** Counts one request; null when the limiter is unavailable (the request goes through). */
  consume(bucket: RateLimitBucket, key: string): Promise<RateLimitDecision | null> {
    return new Promise((resolve) => {
      const name = `${bucket} ${key}`;
      const batch = this.batches.get(name);
      if (batch) {
        batch.waiting.push(resolve);
        return;
      }
      this.batches.set(name, { bucket, key, waiting: [resolve] });
      if (this.batches.size === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batches = [...this.batches.values()];
    this.batches.clear();
    for (const batch of batches) void this.count(batch);
  }

  private async count({ bucket, key, waiting }: Batch): Promise<void> {
    const limiter = this.limiters[bucket];
    let res: RateLimiterRes;
    try {
      res = await limiter.consume(key, waiting.length);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) {
        this.warn(result);
        for (const resolve of waiting) resolve(null);
        return;
      }
      res = result;
    }
    waiting.forEach((resolve, i) => resolve(placed(limiter.points, res, waiting.length, i)));
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: error }, 'rate limiter unavailable (Redis); requests are not being limited');
  }
}

/**
 * The decision for the request at `index` of a batch of `size` counted at once: `res` says how many
 * the window held after the whole batch. A key refused from memory (its budget used up earlier in
 * the window) comes back with nothing counted: every request of the batch is refused.
 */
export function placed(limit: number, res: RateLimiterRes, size: number, index: number): RateLimitDecision {
  const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  if (res.consumedPoints < size) return { allowed: false, limit, remaining: 0, resetSeconds };
  const consumed = res.consumedPoints - size + index + 1;
  return { allowed: consumed <= limit, limit, remaining: Math.max(0, limit - consumed), resetSeconds };
}
