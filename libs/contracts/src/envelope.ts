import type { ErrorCode } from './error-catalog';
import type { NextAction } from './next-action';
import type { Receipt } from './receipt';

/** Every 2xx JSON answer of `/v1` and the health probes (docs/api-contract.md "Success envelope"). */
export interface SuccessEnvelope<T = unknown> {
  data: T;
  trace_id: string;
  next_actions: NextAction[];
  expires_at?: string;
  receipt?: Receipt;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  detail: Record<string, unknown>;
  remediation: string;
  retry_after: number | null;
  docs_url: string;
  trace_id: string;
  next_actions: NextAction[];
}

/** Every failure anywhere but the flat OAuth shapes (docs/api-contract.md "Error envelope"). */
export interface ErrorEnvelope {
  error: ErrorBody;
}

export interface OutcomeMeta {
  next_actions?: NextAction[];
  expires_at?: string;
  receipt?: Receipt;
  /** HTTP status for transports that have one (default: the route's). Not rendered in the body. */
  status?: number;
  /** Extra response headers for transports that have them (e.g. `Idempotent-Replayed`). */
  headers?: Record<string, string>;
}

/**
 * What an application service returns: the payload plus what the envelope says around it.
 * Transports (REST interceptor, MCP tools) render it with `renderSuccess`; nobody guesses the
 * envelope from the shape of `data`.
 */
export class Outcome<T = unknown> {
  constructor(
    readonly data: T,
    readonly meta: OutcomeMeta = {},
  ) {}
}

export function renderSuccess<T>(outcome: Outcome<T>, traceId: string): SuccessEnvelope<T> {
  const envelope: SuccessEnvelope<T> = {
    data: outcome.data,
    trace_id: traceId,
    next_actions: outcome.meta.next_actions ?? [],
  };
  if (outcome.meta.expires_at !== undefined) envelope.expires_at = outcome.meta.expires_at;
  if (outcome.meta.receipt !== undefined) envelope.receipt = outcome.meta.receipt;
  return envelope;
}
