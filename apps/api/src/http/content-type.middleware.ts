import type { IncomingMessage, ServerResponse } from 'node:http';
import { DomainError } from '@hcs/domain';

/** Routes that also take form-encoded bodies (RFC 6749 token requests). */
const FORM_ROUTES = new Set(['/oauth/token']);
/** Media types of OpenTravel messages under /ota/. */
const OTA_TYPES = new Set(['application/xml', 'text/xml']);

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function mediaType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** A request body must be JSON (`unsupported_media_type` otherwise), before any parser runs. */
export function contentTypeMiddleware(req: IncomingMessage, _res: ServerResponse, next: (err?: unknown) => void): void {
  if (!hasBody(req)) return next();
  const type = mediaType(req);
  const json = type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
  const path = (req.url ?? '').split('?')[0];
  const form = type === 'application/x-www-form-urlencoded' && FORM_ROUTES.has(path);
  // OpenTravel messages of channel managers are XML (docs/channels.md).
  const ota = path.startsWith('/ota/');
  if (ota ? OTA_TYPES.has(type) : json || form) return next();
  next(
    new DomainError('unsupported_media_type', {
      detail: {
        content_type: type || null,
        accepted: FORM_ROUTES.has(path)
          ? ['application/json', 'application/x-www-form-urlencoded']
          : path.startsWith('/ota/')
            ? [...OTA_TYPES]
            : ['application/json'],
      },
    }),
  );
}
