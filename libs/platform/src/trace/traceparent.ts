import { randomBytes } from 'node:crypto';

export interface TraceContext {
  traceId: string;
  /** The span id of this service's work, sent back in the response `traceparent`. */
  spanId: string;
  sampled: boolean;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * W3C Trace Context: keep the trace id of a valid incoming `traceparent`, start a new trace
 * otherwise. Version ff and all-zero ids are invalid; future versions may append fields.
 */
export function continueTrace(header: string | string[] | undefined): TraceContext {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? TRACEPARENT.exec(value.trim().toLowerCase()) : null;
  const spanId = randomBytes(8).toString('hex');
  if (match) {
    const [, version, traceId, parentId, flags, rest] = match;
    const valid = version !== 'ff' && !/^0+$/.test(traceId) && !/^0+$/.test(parentId) && (version !== '00' || rest === undefined);
    if (valid) return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
  }
  return { traceId: randomBytes(16).toString('hex'), spanId, sampled: true };
}

export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

export function newTraceId(): string {
  return randomBytes(16).toString('hex');
}
