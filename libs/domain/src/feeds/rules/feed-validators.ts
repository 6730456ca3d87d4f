import { createHash } from 'node:crypto';
import type { ConditionalRequest, FeedValidators } from '../feed.types';

/** A strong entity tag over the facts a document is built from (never over the built document). */
export function strongEtag(parts: ReadonlyArray<string | number>): string {
  return `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32)}"`;
}

/** HTTP dates have whole seconds: Last-Modified is the change time rounded down to the second. */
export function toHttpSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function entityTags(header: string): string[] {
  return header
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => t.replace(/^W\//, ''));
}

/**
 * RFC 9110 §13.1: If-None-Match (weak comparison, `*` matches any) decides when present;
 * otherwise If-Modified-Since matches when the document did not change after that date. An
 * unparseable date is ignored.
 */
export function isNotModified(validators: FeedValidators, request: ConditionalRequest): boolean {
  if (request.ifNoneMatch !== undefined) {
    const tags = entityTags(request.ifNoneMatch);
    return tags.includes('*') || tags.includes(validators.etag);
  }
  if (request.ifModifiedSince !== undefined) {
    const since = Date.parse(request.ifModifiedSince);
    if (Number.isNaN(since)) return false;
    return toHttpSecond(validators.lastModified).getTime() <= since;
  }
  return false;
}
