import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import type { PrincipalKind, Scope } from '@hcs/domain';
import { AUTH_METADATA, DelegationOptions } from '../decorators/auth.decorators';

/** What the auth decorators say about one route (handler first, then its controller). */
export interface RouteAuth {
  public: boolean;
  anonymousCatalog: boolean;
  principalKinds: PrincipalKind[] | undefined;
  scopes: Scope[];
  delegation: DelegationOptions | undefined;
  skipRateLimit: boolean;
}

const byController = new WeakMap<object, WeakMap<object, RouteAuth>>();

/**
 * The route's auth metadata, read from the decorators at its first request and then kept: the
 * three global guards ask it on every request, and decorators do not change after boot
 * (docs/performance.md, "The pipeline, piece by piece").
 */
export function routeAuth(reflector: Reflector, ctx: ExecutionContext): RouteAuth {
  const controller = ctx.getClass();
  const handler = ctx.getHandler();
  let handlers = byController.get(controller);
  if (handlers === undefined) {
    handlers = new WeakMap();
    byController.set(controller, handlers);
  }
  let auth = handlers.get(handler);
  if (auth === undefined) {
    const targets = [handler, controller];
    auth = {
      public: reflector.getAllAndOverride<boolean | undefined>(AUTH_METADATA.public, targets) === true,
      anonymousCatalog: reflector.getAllAndOverride<boolean | undefined>(AUTH_METADATA.anonymousCatalog, targets) === true,
      principalKinds: reflector.getAllAndOverride<PrincipalKind[] | undefined>(AUTH_METADATA.principalKinds, targets),
      scopes: reflector.getAllAndOverride<Scope[] | undefined>(AUTH_METADATA.scopes, targets) ?? [],
      delegation: reflector.getAllAndOverride<DelegationOptions | undefined>(AUTH_METADATA.delegation, targets),
      skipRateLimit: reflector.getAllAndOverride<boolean | undefined>(AUTH_METADATA.skipRateLimit, targets) === true,
    };
    handlers.set(handler, auth);
  }
  return auth;
}
