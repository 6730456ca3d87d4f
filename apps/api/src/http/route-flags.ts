import type { ExecutionContext } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { BARE_RESPONSE } from './bare.decorator';
import { READS_FROM_REPLICA } from './reads-from-replica.decorator';
import { RouteMetadataMemo } from '@hcs/platform';

/** What the reply and the replica need to know about a route (handler first, then its controller). */
export interface RouteFlags {
  /** `@Bare()`: the body is not wrapped in the success envelope. */
  bare: boolean;
  /** `@ReadsFromReplica()`: reads may go to the streaming replica. */
  readsFromReplica: boolean;
}

/** Set on the request by `RouteFlagsGuard`, the last global guard; read by `EnvelopeInterceptor`. */
export interface FlaggedRequest {
  routeFlags?: RouteFlags;
}

const flags = new RouteMetadataMemo<RouteFlags>((reflector, targets) => ({
  bare: reflector.getAllAndOverride<boolean | undefined>(BARE_RESPONSE, targets) === true,
  readsFromReplica: reflector.getAllAndOverride<boolean | undefined>(READS_FROM_REPLICA, targets) === true,
}));

/** Read from the decorators at a route's first request and then kept (they do not change after boot). */
export function routeFlags(reflector: Reflector, ctx: ExecutionContext): RouteFlags {
  return flags.of(reflector, ctx);
}
