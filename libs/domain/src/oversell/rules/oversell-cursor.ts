import { DomainError } from '../../errors/domain-error';

/** Opaque cursor of the incident list: the last item's opening instant and id (newest first). */
export function encodeIncidentCursor(openedAt: Date, id: string): string {
  return Buffer.from(JSON.stringify({ at: openedAt.toISOString(), id }), 'utf8').toString('base64url');
}

export function decodeIncidentCursor(cursor: string): { openedAt: string; id: string } {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { at?: unknown; id?: unknown };
    if (typeof parsed.at === 'string' && !Number.isNaN(Date.parse(parsed.at)) && typeof parsed.id === 'string' && /^[0-9a-f-]{36}$/i.test(parsed.id)) {
      return { openedAt: parsed.at, id: parsed.id };
    }
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('validation_failed', {
    detail: { field_errors: [{ path: 'cursor', message: 'is not a cursor this service issued; use data.next_cursor of the previous page' }] },
  });
}
