import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '@hcs/domain';
import { addressKey } from '../rate-limit/address-key';
import { RateLimitBucket, RateLimits } from '../rate-limit/rate-limits.service';
import { clientIp, GuardedRequest, GuardedResponse } from './http-request';
import { routeAuth } from './route-auth';

/**
 * Second guard of the chain (after authentication, so it knows whom to count): per credential
 * for authenticated calls, per client address and tenant for anonymous catalog reads, per client
 * address for public routes (IPv6 per /64, see address-key.ts); `@SkipRateLimit()` routes (health probes) are never counted, and
 * `@SkipRateLimit({ unlessHeader })` routes only when the header is sent (per client address). Every counted
 * response carries RateLimit-Limit/-Remaining/-Reset; the one over the limit is `rate_limited`.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly limits: RateLimits,
  ) {}

  /** Synchronous for routes that are not counted: Nest awaits only what is a promise (docs/performance.md). */
  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    if (ctx.getType() !== 'http') return true;
    const route = routeAuth(this.reflector, ctx);
    if (route.skipRateLimit) return true;
    const header = route.rateLimitOnlyWithHeader;
    if (header !== undefined && ctx.switchToHttp().getRequest<GuardedRequest>().headers[header] === undefined) return true;
    return this.count(ctx);
  }

  private async count(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<GuardedRequest>();
    const [bucket, key, scope] = subject(req);
    const decision = await this.limits.consume(bucket, key);
    if (!decision) return true;
    const res = ctx.switchToHttp().getResponse<GuardedResponse>();
    res.setHeader('RateLimit-Limit', String(decision.limit));
    res.setHeader('RateLimit-Remaining', String(decision.remaining));
    res.setHeader('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new DomainError('rate_limited', { retryAfter: decision.resetSeconds, detail: { limit: decision.limit, window_seconds: 60, scope } });
    }
    return true;
  }
}

function subject(req: GuardedRequest): [RateLimitBucket, string, string] {
  if (req.actor) return ['credential', req.actor.credentialId, 'credential'];
  if (req.anonymousTenantId) return ['anonymous', `${req.anonymousTenantId}:${addressKey(clientIp(req))}`, 'ip_tenant'];
  return ['anonymous', `ip:${addressKey(clientIp(req))}`, 'ip'];
}
