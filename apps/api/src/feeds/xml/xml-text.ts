/** Characters XML 1.0 cannot carry at all (C0 controls but tab, newline, carriage return). */
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute value made safe for XML: markup escaped, impossible characters dropped. */
export function xmlText(value: string): string {
  return value.replace(INVALID, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

/**
 * Minor units as the decimal Google expects (`27833` USD → `278.33`, JPY has no decimals),
 * with integer arithmetic only.
 */
export function decimalAmount(minor: number, exponent: number): string {
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  const sign = minor < 0 ? '-' : '';
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}
