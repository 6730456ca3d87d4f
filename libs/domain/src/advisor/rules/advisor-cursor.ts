import { validationFailed } from '../../errors/domain-error';

/**
 * Opaque cursor into an advisor session's messages: the position of the last message a client has
 * (docs/advisor.md "Reading a long session"), base64url-encoded so clients do not build it.
 */
export function encodeAdvisorCursor(afterSeq: number): string {
  return Buffer.from(JSON.stringify({ after_seq: afterSeq }), 'utf8').toString('base64url');
}

export function decodeAdvisorCursor(cursor: string, path = 'cursor'): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after_seq?: unknown };
    if (typeof parsed.after_seq === 'number' && Number.isSafeInteger(parsed.after_seq) && parsed.after_seq >= 0) return parsed.after_seq;
  } catch {
    // fall through to the validation error
  }
  throw validationFailed([{ path, message: 'is not a cursor this service issued; use data.next_cursor of an advisor answer or read' }]);
}
