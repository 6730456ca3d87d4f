import { DomainError } from '../../errors/domain-error';
import type { ListPosition } from '../ports/webhook-endpoint.repository';

/** Opaque cursor of the webhook lists (ordered by created_at, id), as docs/catalog.md "Pagination". */
export function encodeListCursor(last: ListPosition): string {
  return Buffer.from(JSON.stringify({ c: last.createdAt.toISOString(), i: last.id }), 'utf8').toString('base64url');
}

export function decodeListCursor(cursor: string | undefined): ListPosition | null {
  if (cursor === undefined) return null;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { c?: unknown; i?: unknown };
    const createdAt = typeof parsed.c === 'string' ? new Date(parsed.c) : null;
    if (createdAt && !Number.isNaN(createdAt.getTime()) && typeof parsed.i === 'string' && /^[0-9a-f-]{36}$/.test(parsed.i)) return { createdAt, id: parsed.i };
  } catch {
    // fall through to the validation error
  }
  throw new DomainError('validation_failed', {
    detail: { field_errors: [{ path: 'cursor', message: 'is not a cursor this service issued; use data.next_cursor of the previous page' }] },
  });
}

/** A page of `limit` items read as `limit + 1` rows: the extra row only says there is more. */
export function pageOf<T extends { createdAt: Date; id: string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? encodeListCursor(items[items.length - 1]) : null };
}
