import { validationFailed } from '@hcs/domain';

/** The body field that may carry the key (REST, as an alternative to the header; MCP, the only way). */
export const BODY_KEY_FIELD = 'idempotency_key';
/** The REST header a replayed answer carries. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** A key must be a string of 1 to 255 characters; `path` names where it came from in the error. */
export function checkedKey(key: unknown, path: string): string {
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
    throw validationFailed([{ path, message: 'must be a string of 1 to 255 characters' }]);
  }
  return key;
}
