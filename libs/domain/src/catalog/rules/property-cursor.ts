import { DomainError } from '../../errors/domain-error';

/**
 * Opaque cursor of the property list: the slug of the last item of a page (slugs are unique
 * per tenant and the list is ordered by slug), base64url-encoded so clients do not build it.
 */
export function encodePropertyCursor(slug: string): string {
  return Buffer.from(JSON.stringify({ after: slug }), 'utf8').toString('base64url');
}

export function decodePropertyCursor(cursor: string, path = 'cursor'): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string' && parsed.after.length > 0) return parsed.after;
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('validation_failed', {
    detail: { field_errors: [{ path, message: 'is not a cursor this service issued; use data.next_cursor of the previous page' }] },
  });
}
