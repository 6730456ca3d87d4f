import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { KeptOutcome, Outcome, renderSuccess } from '@hcs/contracts';
import { RawResponse } from './raw-response';
import type { FlaggedRequest } from './route-flags';

/**
 * The success envelope, applied to what a handler returns: an `Outcome` becomes
 * `{data, trace_id, next_actions, …}` with its status and headers, a `RawResponse` (an idempotent
 * replay) is sent as stored, a `KeptOutcome` as the text it keeps (the same bytes and headers
 * `res.json` gives), and a `@Bare()` route's body as it is. Anything else from an enveloped route
 * is a bug, answered `internal_error` by the error filter. Errors never reach it: the filter
 * renders them (error-envelope.filter.ts). Registered globally at boot (bootstrap.ts).
 */
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly traceId: () => string) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const response = ctx.switchToHttp().getResponse<Response>();
    return next.handle().pipe(map((result: unknown) => envelopeSuccess(response, result, this.traceId)));
  }
}

/** What the reply sends for a handler's `result` (see EnvelopeInterceptor). */
export function envelopeSuccess(response: Response, result: unknown, traceId: () => string): unknown {
  const flags = (response.req as FlaggedRequest | undefined)?.routeFlags;
  if (flags === undefined || flags.bare) return result;
  if (result instanceof RawResponse) {
    response.status(result.status);
    for (const [name, value] of Object.entries(result.headers)) response.setHeader(name, value);
    return result.body;
  }
  if (!(result instanceof Outcome)) {
    throw new Error(`${response.req.method} ${response.req.route?.path ?? response.req.path} returned something other than an Outcome`);
  }
  if (result.meta.status !== undefined) response.status(result.meta.status);
  if (result.meta.headers !== undefined) for (const [name, value] of Object.entries(result.meta.headers)) response.setHeader(name, value);
  if (result instanceof KeptOutcome) {
    // The same text `res.json` would send, its fixed parts serialized once (docs/performance.md).
    response.setHeader('Content-Type', 'application/json');
    return result.renderText(traceId());
  }
  return renderSuccess(result, traceId());
}
