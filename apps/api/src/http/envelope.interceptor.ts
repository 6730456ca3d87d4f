import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { map, Observable } from 'rxjs';
import { Outcome, renderSuccess } from '@hcs/contracts';
import { RequestContext } from '@hcs/platform';
import { ReadReplica } from '@hcs/persistence';
import { RawResponse } from './raw-response';
import { routeFlags } from './route-flags';

/**
 * The one global interceptor (each interceptor costs Nest an rxjs pipeline and an async scope per
 * request, docs/performance.md): opens the replica to a `@ReadsFromReplica()` route once the
 * guards ran (they read on the primary), then wraps every `Outcome` a handler returns in the
 * success envelope with the request's trace id (`@Bare()` routes answer as they are).
 */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly context: RequestContext,
    private readonly adapterHost: HttpAdapterHost,
    private readonly replica: ReadReplica,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const flags = routeFlags(this.reflector, ctx);
    if (flags.readsFromReplica && this.replica.currentState !== null) this.replica.allowForThisRequest();
    if (flags.bare) return next.handle();
    const response = ctx.switchToHttp().getResponse<Response>();
    return next.handle().pipe(map((result: unknown) => this.render(ctx, response, result)));
  }

  private render(ctx: ExecutionContext, response: Response, result: unknown): unknown {
    const adapter = this.adapterHost.httpAdapter;
    if (result instanceof RawResponse) {
      adapter.status(response, result.status);
      for (const [name, value] of Object.entries(result.headers)) adapter.setHeader(response, name, value);
      return result.body;
    }
    if (!(result instanceof Outcome)) {
      throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} returned something other than an Outcome`);
    }
    if (result.meta.status !== undefined) adapter.status(response, result.meta.status);
    if (result.meta.headers !== undefined) for (const [name, value] of Object.entries(result.meta.headers)) adapter.setHeader(response, name, value);
    return renderSuccess(result, this.context.traceId);
  }
}
