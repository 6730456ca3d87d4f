import { HttpException } from '@nestjs/common';
import { catalogEntry, ErrorCode, ErrorEnvelope, errorDocsUrl, NextAction } from '@hcs/contracts';
import { DomainError } from '@hcs/domain';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@hcs/persistence';

export interface Failure {
  code: ErrorCode;
  message?: string;
  detail: Record<string, unknown>;
  retryAfter: number | null;
  nextActions?: NextAction[];
  /** Set when the failure was not foreseen: the cause is logged, never shown. */
  unexpected?: unknown;
}

interface HttpErrorLike {
  status?: number;
  statusCode?: number;
  type?: string;
  message?: string;
  /** body-parser's limit of the parser that refused the body (bytes). */
  limit?: number;
}

/** Errors of body-parser and Express, which reach us as plain objects with a `type`. */
function fromHttpErrorLike(error: HttpErrorLike): Failure | null {
  const status = error.status ?? error.statusCode;
  if (error.type === 'entity.too.large' || status === 413)
    return { code: 'payload_too_large', detail: { limit_bytes: typeof error.limit === 'number' ? error.limit : 256 * 1024 }, retryAfter: null };
  if (error.type === 'entity.parse.failed' || (error instanceof SyntaxError && status === 400)) {
    return {
      code: 'validation_failed',
      message: 'The request body is not valid JSON.',
      detail: { field_errors: [{ path: '', message: 'malformed JSON' }] },
      retryAfter: null,
    };
  }
  if (error.type === 'charset.unsupported' || error.type === 'encoding.unsupported' || status === 415) {
    return { code: 'unsupported_media_type', detail: {}, retryAfter: null };
  }
  return null;
}

const BY_STATUS: Record<number, ErrorCode> = {
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * Any thrown value as a catalogued failure; an unreachable database is `service_unavailable`
 * (cause logged), what was not foreseen becomes `internal_error`.
 */
export function toFailure(error: unknown): Failure {
  if (isDatabaseUnavailable(error)) return { code: 'service_unavailable', detail: {}, retryAfter: DATABASE_RETRY_AFTER_SECONDS, unexpected: error };
  if (error instanceof DomainError) {
    return {
      code: error.code,
      message: error.hasCustomMessage ? error.message : undefined,
      detail: error.detail,
      retryAfter: error.retryAfter,
      nextActions: error.nextActions,
    };
  }
  if (error instanceof HttpException) {
    const cause = error.cause as HttpErrorLike | undefined;
    const fromCause = cause ? fromHttpErrorLike(cause) : null;
    if (fromCause) return fromCause;
    const code = BY_STATUS[error.getStatus()];
    if (code === 'not_found') return { code, detail: {}, retryAfter: null };
    if (error.getStatus() === 400) {
      return { code: 'validation_failed', message: error.message, detail: { field_errors: [{ path: '', message: error.message }] }, retryAfter: null };
    }
    if (code) return { code, detail: {}, retryAfter: null };
    return { code: 'internal_error', detail: {}, retryAfter: null, unexpected: error };
  }
  if (error && typeof error === 'object') {
    const known = fromHttpErrorLike(error as HttpErrorLike);
    if (known) return known;
  }
  return { code: 'internal_error', detail: {}, retryAfter: null, unexpected: error };
}

/** The error envelope with every field present (docs/api-contract.md "Error envelope"). */
export function renderError(failure: Failure, traceId: string, docsBaseUrl: string): { status: number; body: ErrorEnvelope } {
  const entry = catalogEntry(failure.code);
  return {
    status: entry.status,
    body: {
      error: {
        code: failure.code,
        message: failure.message ?? entry.message,
        detail: failure.detail,
        remediation: entry.remediation,
        retry_after: failure.retryAfter,
        docs_url: errorDocsUrl(docsBaseUrl, failure.code),
        trace_id: traceId,
        next_actions: failure.nextActions ?? entry.next_actions,
      },
    },
  };
}
