/**
 * Whether an `Accept-Encoding` header accepts gzip (RFC 9110 §12.5.3): `gzip`, `x-gzip` or `*`
 * with a non-zero weight, unless gzip itself is listed with `q=0`.
 */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name === 'gzip' || name === 'x-gzip') return weight > 0;
    if (name === '*') star = weight > 0;
  }
  return star;
}
