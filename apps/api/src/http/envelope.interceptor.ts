import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { Outcome, renderSuccess } from '@hcs/contracts';
import { RequestContext } from '@hcs/platform';
import { BARE_RESPONSE } from './bare.decorator';
import { RawResponse } from './raw-response';

/** Wraps every `Outcome` a handler returns in the success envelope with the request's trace id. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly context: RequestContext,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const bare = this.reflector.getAllAndOverride<boolean>(BARE_RESPONSE, [ctx.getHandler(), ctx.getClass()]);
    if (bare) return next.handle();
    return next.handle().pipe(
      map((result: unknown) => {
        if (result instanceof RawResponse) {
          const response = ctx.switchToHttp().getResponse();
          this.adapterHost.httpAdapter.status(response, result.status);
          for (const [name, value] of Object.entries(result.headers)) this.adapterHost.httpAdapter.setHeader(response, name, value);
          return result.body;
        }
        if (!(result instanceof Outcome)) {
          throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} returned something other than an Outcome`);
        }
        const response = ctx.switchToHttp().getResponse();
        const adapter = this.adapterHost.httpAdapter;
        if (result.meta.status !== undefined) adapter.status(response, result.meta.status);
        for (const [name, value] of Object.entries(result.meta.headers ?? {})) adapter.setHeader(response, name, value);
        return renderSuccess(result, this.context.traceId);
      }),
    );
  }
}
