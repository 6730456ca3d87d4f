/**
 * Text the service does not control — the guest's name, and whatever the tenant's admins wrote (a
 * property's name and address, the sender name) — is filled into a follow-up mail as plain words,
 * never as a link (docs/follow-ups.md "Sender and links"). `withoutLinks` drops everything a mail
 * client may turn into a link, or a reader may type into a browser: URLs of any scheme
 * (`https://`, `hxxp://`, `mailto:` …), `www.` names, bare domain names with or without a path
 * (`evil.example/pay`), email addresses and IP addresses. Each is replaced by `LINK_REMOVED`.
 *
 * Look-alike characters are read as what a mail client or browser reads: fullwidth letters, colons
 * and slashes (NFKC), the fullwidth and ideographic full stops as dots, and invisible characters
 * (zero-width space, word joiner, soft hyphen, BOM) as nothing, so `evil\u200B.example` or
 * `evil．example` is a domain like `evil.example`. What is kept is the original text.
 *
 * Names stay as written: O'Brien, Anne-Marie, "J. R. R. Tolkien", "Dr. Ng" (a dot followed by a
 * space never joins a domain). A name written like a domain without a space ("J.Blige") cannot be
 * told from one (`t.co`, `x.com` are real) and loses that part.
 */
export const LINK_REMOVED = '[link removed]';

/** Characters that vanish when a client or browser reads a name; matched as nothing. */
const INVISIBLE = new Set(['\u00ad', '\u200b', '\u2060', '\ufeff', '\u180e']);
/** Full stops IDNA (UTS #46) maps to '.' that NFKC leaves alone. */
const DOTS = new Set(['\u3002', '\uff61']);

const L = '[\\p{L}\\p{N}\\p{M}]';
const LABEL = `${L}(?:[\\p{L}\\p{N}\\p{M}-]{0,61}${L})?`;
/** A host's last label: two or more letters (any script), or an ASCII punycode label. */
const TLD = `(?:xn--[a-z0-9-]{1,59}|\\p{L}[\\p{L}\\p{M}]{1,62})`;
const PATH = `(?::\\d{1,5})?(?:[/?#\\\\][^\\s]*)?`;

const LINK_LIKE = new RegExp(
  [
    // Any scheme followed by // (https://, hxxp://, ftp://), or an opaque scheme (mailto:, javascript:, tel: …).
    `[a-z][a-z0-9+.-]{0,30}:[/\\\\]{2}[^\\s]*`,
    `\\b(?:mailto|javascript|data|vbscript|file|tel|sms|callto|skype|intent|ms-[a-z-]+):[^\\s]+`,
    // An email address.
    `[^\\s@<>()"',;:]+@(?:${LABEL}\\.)+${TLD}`,
    // www. names, even with a single-letter or numeric rest.
    `(?<![\\p{L}\\p{N}\\p{M}-])www\\d{0,3}\\.[^\\s]+`,
    // An IPv4 address (with a port or path), or a bracketed IPv6 one.
    `(?<!\\p{N})\\d{1,3}(?:\\.\\d{1,3}){3}${PATH}`,
    `\\[[0-9a-f:.]{2,45}\\]${PATH}`,
    // A bare domain name, with a port or path.
    `(?<![\\p{L}\\p{N}\\p{M}@-])(?:${LABEL}\\.)+${TLD}(?![\\p{L}\\p{N}\\p{M}-])${PATH}`,
  ].join('|'),
  'giu',
);

/** `text` as a reader's client sees it, and for each of its UTF-16 units the offset in `text` it came from. */
function readable(text: string): { seen: string; from: number[] } {
  let seen = '';
  const from: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const as = INVISIBLE.has(ch) ? '' : DOTS.has(ch) ? '.' : ch.normalize('NFKC');
    for (let i = 0; i < as.length; i++) from.push(offset);
    seen += as;
    offset += ch.length;
  }
  from.push(offset);
  return { seen, from };
}

/** The spans of `text` (start, end offsets) that read as a link. */
export function linkSpans(text: string): Array<[number, number]> {
  const { seen, from } = readable(text);
  const spans: Array<[number, number]> = [];
  for (const m of seen.matchAll(LINK_LIKE)) {
    const start = from[m.index]!;
    // The end: just after the original character that produced the match's last unit.
    const lastFrom = from[m.index + m[0].length - 1]!;
    const end = lastFrom + (text.codePointAt(lastFrom)! > 0xffff ? 2 : 1);
    spans.push([start, end]);
  }
  return spans;
}

/** `text` with every link-like part replaced by `replacement` (default `LINK_REMOVED`); plain text is returned as it is. */
export function withoutLinks(text: string, replacement = LINK_REMOVED): string {
  const spans = linkSpans(text);
  if (spans.length === 0) return text;
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += text.slice(at, start) + replacement;
    at = end;
  }
  return out + text.slice(at);
}
