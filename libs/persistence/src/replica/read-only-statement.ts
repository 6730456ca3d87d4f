/**
 * Whether a statement only reads, so a streaming replica may answer it (docs/scaling.md). A
 * guess from the text, made to fail safe: anything that is not a plain SELECT (or a WITH query
 * without a data-modifying part), or that locks rows, takes advisory locks or moves a sequence,
 * counts as a write and goes to the primary.
 */
const READ_START = /^\s*(\(\s*)*(SELECT|WITH)\b/i;
const WRITE_MARK =
  /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|COPY|CALL|NOTIFY|LISTEN|LOCK|FOR\s+(NO\s+KEY\s+)?UPDATE|FOR\s+(KEY\s+)?SHARE|nextval|setval|pg_advisory\w*|pg_notify|set_config)\b/i;

export function isReadOnlyStatement(sql: string): boolean {
  return READ_START.test(sql) && !WRITE_MARK.test(sql);
}
