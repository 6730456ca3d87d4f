import type { IncomingMessage, ServerResponse } from 'node:http';

/** Browsers keep to https for this host (and its subdomains) for a year once they saw it over https. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Headers every answer carries, set by the first global middleware so success, error, 404,
 * discovery, feeds, console files and `/metrics` all have them: `X-Content-Type-Options: nosniff`
 * (a browser never guesses a type other than the one we send), and `Strict-Transport-Security`
 * when the service is public over https (`BASE_URL` is `https:`; never over plain http, where a
 * browser ignores it and a local setup must not be pinned). The values are fixed at boot: one
 * `setHeader` per header per request, nothing computed.
 */
export function securityHeadersMiddleware(baseUrl: string): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  if (new URL(baseUrl).protocol === 'https:') {
    return (_req, res, next) => {
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Strict-Transport-Security', HSTS_VALUE);
      next();
    };
  }
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  };
}
