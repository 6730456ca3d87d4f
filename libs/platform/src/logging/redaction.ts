/**
 * Paths pino removes from every log line: credentials, delegation and access tokens, card tokens
 * and secrets wherever they appear in a logged object.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-delegated-user"]',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  '*.authorization',
  '*.secret',
  '*.client_secret',
  '*.api_key',
  '*.admin_api_key',
  '*.access_token',
  '*.provider_token',
  '*.delegation_token',
  '*.password',
  '*.signing_key',
  '*.stripeSecretKey',
  '*.stripeWebhookSecret',
];

/**
 * The header names `REDACTED_PATHS` names under `req.headers` and `res.headers`, lower case: the
 * api's request line redacts them itself (apps/api/src/http/request-log.middleware.ts) instead of
 * having pino clone and walk every line for the wildcard paths.
 */
export function redactedHeaderNames(side: 'req' | 'res'): ReadonlySet<string> {
  const names = new Set<string>();
  for (const path of REDACTED_PATHS) {
    const match = new RegExp(`^${side}\\.headers(?:\\.([\\w-]+)|\\["([^"]+)"\\])$`).exec(path);
    if (match) names.add((match[1] ?? match[2]).toLowerCase());
  }
  return names;
}

/** A copy of `headers` with the values of `names` replaced by the censor, as pino's redaction writes it. */
export function redactHeaders(headers: Record<string, unknown>, names: ReadonlySet<string>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name in headers) {
    const value = headers[name];
    if (value !== undefined) copy[name] = names.has(name) ? REDACTION_CENSOR : value;
  }
  return copy;
}

export const REDACTION_CENSOR = '[redacted]';
