import { CanActivate, ExecutionContext, Injectable, Module } from '@nestjs/common';
import { APP_GUARD, Reflector } from '@nestjs/core';
import { ReadReplica } from '@hcs/persistence';
import { FlaggedRequest, routeFlags } from './route-flags';

/**
 * The last global guard (its module is imported after AuthModule, and Nest applies global guards in
 * module order; an e2e test holds the order): it never refuses. Once authentication has read on the
 * primary, it opens the replica to a `@ReadsFromReplica()` route, and it tells the envelope
 * (`EnvelopeInterceptor`) whether the route is `@Bare()`.
 */
@Injectable()
export class RouteFlagsGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly replica: ReadReplica,
  ) {}

  canActivate(ctx: ExecutionContext): boolean {
    if (ctx.getType() !== 'http') return true;
    const flags = routeFlags(this.reflector, ctx);
    ctx.switchToHttp().getRequest<FlaggedRequest>().routeFlags = flags;
    if (flags.readsFromReplica && this.replica.currentState !== null) this.replica.allowForThisRequest();
    return true;
  }
}

/** Registers `RouteFlagsGuard`; ApiModule imports it right after AuthModule. */
@Module({ providers: [{ provide: APP_GUARD, useClass: RouteFlagsGuard }] })
export class RouteFlagsModule {}
