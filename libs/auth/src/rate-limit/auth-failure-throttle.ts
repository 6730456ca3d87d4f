import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { DomainError } from '@hcs/domain';
import { AppConfig, REDIS, RedisClient } from '@hcs/platform';
import { addressKey } from './address-key';
import { presented, PresentedSecret } from '../credentials/presented-secret';

const WINDOW_SECONDS = 60;
/** How long a secret that authenticated on any api process is known to all of them (seconds). */
const KNOWN_VALID_SECONDS = 15 * 60;

export interface ThrottleState {
  blocked: boolean;
  limit: number;
  /** Seconds until the window resets (at least 1). */
  retryAfter: number;
}

/** The address rule as seen by a route that authenticates its own credentials. */
export interface AddressGate {
  /**
   * Refuses a blocked address (`rate_limited`) unless the credential is recognised as valid from
   * memory, or `secret` authenticated on some api process lately.
   */
  admit(recognised: boolean, secret?: string | PresentedSecret): Promise<void>;
  /** Counts one failed authentication. */
  failed(): Promise<void>;
  /** Notes a secret that authenticated, for the other api processes. */
  succeeded(secret: string | PresentedSecret): Promise<void>;
}

/**
 * Pre-authentication limit per client address (docs/identity.md "Rate limits"): every failed
 * authentication (unknown bearer, unknown X-Tenant-Id, `invalid_client` at `POST /oauth/token`)
 * costs the address a point, and an address over AUTH_FAILURE_LIMIT_PER_MINUTE is refused before
 * its next credential or tenant lookup, unless the request carries a credential memory already
 * knows to be valid (docs/security.md "Shared addresses"). IPv6 is counted per /64. Counted in
 * Redis so api processes share it; when Redis is down an in-memory limiter per process takes over
 * (rate-limiter-flexible's insurance limiter), so the guard never waits on a dead Redis.
 */
@Injectable()
export class AuthFailureThrottle {
  private readonly logger = new Logger(AuthFailureThrottle.name);
  private readonly limiter: RateLimiterRedis;
  private readonly knownPrefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    config: AppConfig,
  ) {
    this.knownPrefix = `${config.queuePrefix}:rl:known-valid:`;
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

  /** Whether the address has used up its failures for this window (one Redis GET, no write). */
  async state(ip: string): Promise<ThrottleState> {
    const limit = this.limiter.points;
    try {
      const res = await this.limiter.get(addressKey(ip));
      const blocked = res !== null && res.consumedPoints >= limit;
      return { blocked, limit, retryAfter: Math.max(1, Math.ceil((res?.msBeforeNext ?? 0) / 1000)) };
    } catch (error) {
      this.logger.warn({ err: error }, 'auth failure throttle unavailable');
      return { blocked: false, limit, retryAfter: 1 };
    }
  }

  /** The address rule for one request of a route that authenticates by itself (`POST /oauth/token`). */
  gate(ip: string): AddressGate {
    return {
      admit: async (recognised, secret) => {
        if (recognised) return;
        const state = await this.state(ip);
        if (state.blocked && !(secret !== undefined && (await this.knownValid(secret)))) throw addressThrottled(state);
      },
      failed: () => this.recordFailure(ip),
      succeeded: (secret) => this.rememberValid(secret),
    };
  }

  /**
   * Whether `secret` authenticated on some api process within KNOWN_VALID_SECONDS (one Redis
   * EXISTS, asked only for a blocked address): a valid key behind a blocked address is let through
   * by a process that has not seen it yet. Stored as the SHA-256 digest, as in the database.
   */
  async knownValid(secret: string | PresentedSecret): Promise<boolean> {
    try {
      return (await this.redis.exists(`${this.knownPrefix}${presented(secret).digest}`)) === 1;
    } catch {
      return false;
    }
  }

  /** Notes a secret that just authenticated (once per process and recognition window, not per request). */
  async rememberValid(secret: string | PresentedSecret): Promise<void> {
    await this.redis.set(`${this.knownPrefix}${presented(secret).digest}`, '1', 'EX', KNOWN_VALID_SECONDS).catch(() => undefined);
  }

  /** Counts one failed authentication of the address. */
  async recordFailure(ip: string): Promise<void> {
    try {
      await this.limiter.consume(addressKey(ip));
    } catch (result) {
      if (!(result instanceof RateLimiterRes)) this.logger.warn({ err: result }, 'auth failure throttle unavailable');
    }
  }
}

/** The refusal of an address over its failure budget (the same on every route). */
export function addressThrottled(state: ThrottleState): DomainError {
  return new DomainError('rate_limited', {
    message: 'Too many failed authentications from this address.',
    retryAfter: state.retryAfter,
    detail: { limit: state.limit, window_seconds: WINDOW_SECONDS, scope: 'ip_auth_failures' },
  });
}
