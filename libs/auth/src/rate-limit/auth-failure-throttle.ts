import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig, REDIS, RedisClient } from '@hcs/platform';

const WINDOW_SECONDS = 60;

export interface ThrottleState {
  blocked: boolean;
  limit: number;
  /** Seconds until the window resets (at least 1). */
  retryAfter: number;
}

/**
 * Pre-authentication limit per client IP (docs/identity.md "Rate limits"): every failed
 * authentication (unknown bearer, unknown X-Tenant-Id) costs the IP a point, and an IP over
 * AUTH_FAILURE_LIMIT_PER_MINUTE is refused before its next credential or tenant lookup. Counted in
 * Redis so api processes share it; when Redis is down an in-memory limiter per process takes over
 * (rate-limiter-flexible's insurance limiter), so the guard never waits on a dead Redis.
 */
@Injectable()
export class AuthFailureThrottle {
  private readonly logger = new Logger(AuthFailureThrottle.name);
  private readonly limiter: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: RedisClient, config: AppConfig) {
    const points = config.authFailureLimitPerMinute;
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `${config.queuePrefix}:rl:auth-failures`,
      points,
      duration: WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points, duration: WINDOW_SECONDS }),
    });
  }

  /** Whether the IP has used up its failures for this window (one Redis GET, no write). */
  async state(ip: string): Promise<ThrottleState> {
    const limit = this.limiter.points;
    try {
      const res = await this.limiter.get(ip);
      const blocked = res !== null && res.consumedPoints >= limit;
      return { blocked, limit, retryAfter: Math.max(1, Math.ceil((res?.msBeforeNext ?? 0) / 1000)) };
    } catch (error) {
      this.logger.warn({ err: error }, 'auth failure throttle unavailable');
      return { blocked: false, limit, retryAfter: 1 };
    }
  }

  /** Counts one failed authentication of the IP. */
  async recordFailure(ip: string): Promise<void> {
    try {
      await this.limiter.consume(ip);
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) this.logger.warn({ err: result }, 'auth failure throttle unavailable');
    }
  }
}
