import type { IncomingMessage, ServerResponse } from 'node:http';
import { SANDBOX_SCENARIO_HEADER } from '@hcs/adapters';

/**
 * The request headers a browser client of `/v1` may send (docs/sandbox.md names the last one).
 * Credentials are bearer tokens, never cookies, so any origin may call: `Access-Control-Allow-Origin: *`.
 */
export const CORS_ALLOWED_HEADERS = [
  'Authorization',
  'Content-Type',
  'Idempotency-Key',
  'X-Delegated-User',
  'X-Tenant-Id',
  'traceparent',
  'tracestate',
  SANDBOX_SCENARIO_HEADER,
] as const;
/** Response headers a browser client may read. */
export const CORS_EXPOSED_HEADERS = ['Idempotent-Replayed', 'Retry-After', 'traceparent'] as const;

/** CORS for the REST surface (`/v1`): headers on every answer to a browser, preflights answered 204. */
export function apiCorsMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  if (req.headers.origin === undefined) return next();
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', '));
  if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
    res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE');
    res.setHeader('Access-Control-Allow-Headers', CORS_ALLOWED_HEADERS.join(', '));
    res.setHeader('Access-Control-Max-Age', '600');
    res.statusCode = 204;
    res.end();
    return;
  }
  next();
}
