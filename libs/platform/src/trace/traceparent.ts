import { randomFillSync } from 'node:crypto';

/**
 * Random ids come from a pool refilled 4 KiB at a time: one system call per ~170 requests instead
 * of two per request (docs/performance.md). Still the CSPRNG.
 */
const POOL = Buffer.alloc(4096);
let offset = POOL.length;

function randomHex(bytes: number): string {
  if (offset + bytes > POOL.length) {
    randomFillSync(POOL);
    offset = 0;
  }
  const hex = POOL.toString('hex', offset, offset + bytes);
  offset += bytes;
  return hex;
}

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
  const spanId = randomHex(8);
  if (match) {
    const [, version, traceId, parentId, flags, rest] = match;
    const valid = version !== 'ff' && !/^0+$/.test(traceId) && !/^0+$/.test(parentId) && (version !== '00' || rest === undefined);
    if (valid) return { traceId, spanId, sampled: (parseInt(flags, 16) & 1) === 1 };
  }
  return { traceId: randomHex(16), spanId, sampled: true };
}

export function formatTraceparent(context: TraceContext): string {
  return `00-${context.traceId}-${context.spanId}-${context.sampled ? '01' : '00'}`;
}

export function newTraceId(): string {
  return randomHex(16);
}
