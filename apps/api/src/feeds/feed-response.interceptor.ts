import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor, StreamableFile } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { FEED_CONTENT_TYPE, FeedResponse } from './feed-response';

/**
 * Sends a `FeedResponse`: status and validator headers, then the document streamed chunk by chunk
 * (backpressure from the socket pauses the reads). A failure after the first byte cannot become an
 * error envelope any more: the connection is cut so the partner sees an incomplete transfer
 * rather than a well-terminated truncated document.
 */
@Injectable()
export class FeedResponseInterceptor implements NestInterceptor {
  private readonly logger = new Logger(FeedResponseInterceptor.name);

  constructor(private readonly adapterHost: HttpAdapterHost) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      map((result: unknown) => {
        if (!(result instanceof FeedResponse)) throw new Error(`${ctx.getClass().name}.${ctx.getHandler().name} returned something other than a FeedResponse`);
        const response = ctx.switchToHttp().getResponse();
        const adapter = this.adapterHost.httpAdapter;
        adapter.status(response, result.status);
        for (const [name, value] of Object.entries(result.headers)) adapter.setHeader(response, name, value);
        if (!result.body) return undefined;
        const file = new StreamableFile(result.body, { type: FEED_CONTENT_TYPE, ...(result.length !== null ? { length: result.length } : {}) });
        file.setErrorLogger((err) => this.logger.error({ err }, 'feed stream failed'));
        file.setErrorHandler((err, res: { destroy?: (e?: Error) => void }) => res.destroy?.(err));
        return file;
      }),
    );
  }
}
