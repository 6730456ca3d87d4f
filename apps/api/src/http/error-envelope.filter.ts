import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { AppConfig, newTraceId, serializeError } from '@hcs/platform';
import { catalogEntry } from '@hcs/contracts';
import { Failure, renderError, toFailure } from './error-envelope';
import type { TracedRequest } from './trace.middleware';
import { noteErrorCode } from '../metrics/error-code';

const OAUTH_TOKEN_PATH = '/oauth/token';
const OAUTH_REQUEST_FAILURES = new Set(['validation_failed', 'payload_too_large', 'unsupported_media_type']);

/**
 * A token request whose body never reached the OAuth controller (malformed JSON, wrong media type,
 * too large) still answers in RFC 6749's flat shape: `invalid_request`, like the controller does
 * for a body it can read.
 */
function oauthRequestError(request: { url?: string }, failure: Failure): { error: string; error_description: string } | null {
  if ((request.url ?? '').split('?')[0] !== OAUTH_TOKEN_PATH || !OAUTH_REQUEST_FAILURES.has(failure.code)) return null;
  return { error: 'invalid_request', error_description: failure.message ?? catalogEntry(failure.code).message };
}

/**
 * The one place a failure becomes HTTP: domain errors, Nest and body-parser errors, unknown
 * routes and unexpected exceptions all leave as the error envelope (docs/api-contract.md "Envelopes").
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
    const adapter = this.adapterHost.httpAdapter;
    noteErrorCode(response, failure.code);
    const oauth = oauthRequestError(request, failure);
    if (oauth) return void adapter.reply(response, oauth, 400);
    if (failure.unexpected !== undefined) {
      this.logger.error({ err: serializeError(failure.unexpected), trace_id: traceId }, 'unexpected failure');
    }
    const { status, body } = renderError(failure, traceId, this.config.docsUrl);
    if (failure.retryAfter !== null) adapter.setHeader(response, 'Retry-After', String(failure.retryAfter));
    adapter.reply(response, body, status);
  }
}
