const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else names no resource (`*_not_found`), and never reaches SQL. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
