/**
 * The one way an error becomes a log field (docs/security.md "Nothing secret in logs"). A database
 * error carries the failed statement (`query`), its bound values (`parameters`: card tokens, guest
 * names, emails, phones, key material) and the driver's `detail` ("Key (email)=(...)",
 * "Failing row contains (...)"): those are dropped at every depth (the error, `driverError`,
 * `cause`, aggregated errors), and a value Postgres quotes into its message is masked. What stays:
 * type, message, code, constraint/table/column names, stack. pino's `err` serializer, the REST
 * filter, the MCP tool runner and the worker all log errors through it.
 */
export const DROPPED_ERROR_FIELDS: ReadonlySet<string> = new Set([
  'query',
  'parameters',
  'params',
  'bindings',
  'sql',
  'detail',
  'internalQuery',
  'where',
  'body',
  'config',
  'request',
  'response',
  'headers',
]);

const MAX_DEPTH = 4;
const MAX_STRING = 2_000;

/** Postgres messages that quote the offending input: `invalid input syntax for type uuid: "..."`. */
const QUOTED_INPUT =
  /((?:invalid input (?:syntax|value) for (?:type|enum) [\w ."]+?|invalid byte sequence for encoding "[\w-]+"|value too long for type [\w ()]+)):\s*(".*"|0x[0-9a-f ]+)/gi;

export type SerializedError = Record<string, unknown>;

/** A log-safe copy of anything thrown; never throws itself. */
export function serializeError(value: unknown): SerializedError {
  try {
    return serialize(original(value), 0, new WeakSet()) as SerializedError;
  } catch {
    return { type: 'Error', message: 'unserializable error' };
  }
}

/** pino-http first runs its own serializer, which keeps the thrown value as a non-enumerable `raw`. */
function original(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || value instanceof Error) return value;
  const raw = (value as { raw?: unknown }).raw;
  return raw !== null && typeof raw === 'object' && !Object.prototype.propertyIsEnumerable.call(value, 'raw') ? raw : value;
}

/** A message with the input Postgres quoted into it masked. */
export function maskQuotedInput(message: string): string {
  return message.replace(QUOTED_INPUT, '$1: [redacted]');
}

function serialize(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined) return value;
  if (typeof value === 'string') return maskQuotedInput(value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}…` : value);
  if (typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (seen.has(value) || depth > MAX_DEPTH) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, 10).map((item) => serialize(item, depth + 1, seen));
  const out: SerializedError = {};
  if (value instanceof Error) {
    out.type = value.constructor?.name ?? value.name;
    out.message = serialize(value.message, depth, seen);
    if (value.stack) out.stack = maskQuotedInput(value.stack);
  }
  for (const [key, field] of Object.entries(value)) {
    if (DROPPED_ERROR_FIELDS.has(key) || key in out) continue;
    const safe = serialize(field, depth + 1, seen);
    if (safe !== undefined) out[key] = safe;
  }
  // Non-enumerable links between errors that pino would otherwise follow.
  if (value instanceof Error && value.cause !== undefined && !('cause' in out)) out.cause = serialize(value.cause, depth + 1, seen);
  if (value instanceof AggregateError && !('errors' in out)) out.errors = serialize(value.errors, depth + 1, seen);
  return out;
}
