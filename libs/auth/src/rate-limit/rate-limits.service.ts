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

/**
 * Fixed one-minute windows in Redis, shared by every api process: `RATE_LIMIT_PER_MINUTE` per
 * credential, `RATE_LIMIT_ANON_PER_MINUTE` per client IP (and tenant, for anonymous catalog reads).
 * If Redis does not answer, requests are let through and a warning is logged: an outage of the
 * limiter must not become an outage of the API.
 */
@Injectable()
export class RateLimits {
  private readonly logger = new Logger(RateLimits.name);
  private readonly limiters: Record<RateLimitBucket, RateLimiterRedis>;
  private lastWarning = 0;

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
  async consume(bucket: RateLimitBucket, key: string): Promise<RateLimitDecision | null> {
    const limiter = this.limiters[bucket];
    try {
      return decision(limiter.points, await limiter.consume(key), true);
    } catch (result) {
      if (result instanceof RateLimiterRes) return decision(limiter.points, result, false);
      this.warn(result);
      return null;
    }
  }

  private warn(error: unknown): void {
    const now = Date.now();
    if (now - this.lastWarning < WARN_EVERY_MS) return;
    this.lastWarning = now;
    this.logger.warn({ err: error }, 'rate limiter unavailable (Redis); requests are not being limited');
  }
}

function decision(limit: number, res: RateLimiterRes, allowed: boolean): RateLimitDecision {
  return { allowed, limit, remaining: Math.max(0, res.remainingPoints), resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
}
