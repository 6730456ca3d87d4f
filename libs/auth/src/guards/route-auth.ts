import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { PrincipalKind, Scope } from '@hcs/domain';
import { RouteMetadataMemo } from '@hcs/platform';
import { AUTH_METADATA, DelegationOptions, SkipRateLimitOptions } from '../decorators/auth.decorators';

/** What the auth decorators say about one route (handler first, then its controller). */
export interface RouteAuth {
  public: boolean;
  anonymousCatalog: boolean;
  principalKinds: PrincipalKind[] | undefined;
  scopes: Scope[];
  delegation: DelegationOptions | undefined;
  skipRateLimit: boolean;
  /** Not counted unless the request carries this header (lower case): `@SkipRateLimit({ unlessHeader })`. */
  rateLimitOnlyWithHeader: string | undefined;
}

const auth = new RouteMetadataMemo<RouteAuth>((reflector, targets) => {
  const skipRateLimit = reflector.getAllAndOverride<true | Required<SkipRateLimitOptions> | undefined>(AUTH_METADATA.skipRateLimit, targets);
  return {
    public: reflector.getAllAndOverride<boolean | undefined>(AUTH_METADATA.public, targets) === true,
    anonymousCatalog: reflector.getAllAndOverride<boolean | undefined>(AUTH_METADATA.anonymousCatalog, targets) === true,
    principalKinds: reflector.getAllAndOverride<PrincipalKind[] | undefined>(AUTH_METADATA.principalKinds, targets),
    scopes: reflector.getAllAndOverride<Scope[] | undefined>(AUTH_METADATA.scopes, targets) ?? [],
    delegation: reflector.getAllAndOverride<DelegationOptions | undefined>(AUTH_METADATA.delegation, targets),
    skipRateLimit: skipRateLimit === true,
    rateLimitOnlyWithHeader: skipRateLimit === true ? undefined : skipRateLimit?.unlessHeader,
  };
});

/** The route's auth metadata, read once per route (RouteMetadataMemo): the three global guards ask it on every request. */
export function routeAuth(reflector: Reflector, ctx: ExecutionContext): RouteAuth {
  return auth.of(reflector, ctx);
}
