import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig, newTraceId } from '@hcs/platform';
import { renderError, toFailure } from './error-envelope';
import type { TracedRequest } from './trace.middleware';

/**
 * The one place a failure becomes HTTP: domain errors, Nest and body-parser errors, unknown
 * routes and unexpected exceptions all leave as the error envelope (CONTRACT §9).
 */
@Catch()
export class ErrorEnvelopeFilter implements ExceptionFilter {
  private readonly logger = new Logger('ErrorEnvelope');

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const request = http.getRequest<TracedRequest>();
    const response = http.getResponse();
    const traceId = request.traceContext?.traceId ?? newTraceId();
    const failure = toFailure(exception);
    if (failure.unexpected !== undefined) {
      this.logger.error({ err: failure.unexpected, trace_id: traceId }, 'unexpected failure');
    }
    const { status, body } = renderError(failure, traceId, this.config.docsUrl);
    const adapter = this.adapterHost.httpAdapter;
    if (failure.retryAfter !== null) adapter.setHeader(response, 'Retry-After', String(failure.retryAfter));
    adapter.reply(response, body, status);
  }
}
