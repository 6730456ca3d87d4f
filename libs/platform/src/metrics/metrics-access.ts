import { timingSafeEqual } from 'node:crypto';

/**
 * `/metrics` is open unless `METRICS_TOKEN` is set; then it needs `Authorization: Bearer <token>`
 * (docs/operations.md). Compared in constant time.
 */
export function metricsAccessAllowed(token: string | null, authorization: string | undefined): boolean {
  if (token === null) return true;
  const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1].trim());
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
