/**
 * Follow-ups are not a mail relay (docs/follow-ups.md "Sender and links"): a caller's message is
 * plain text. Anything a mail client may turn into a link is refused — schemes (`https://`,
 * `mailto:`), `www.` names, bare domain names (`example.com/x`), IP addresses, HTML and Markdown
 * links — unless it is an https link to one of the tenant's own link domains (or a subdomain).
 */

const SCHEME_LINK = /\b([a-z][a-z0-9+.-]{1,15}):(\/\/[^\s<>"']*|[^\s<>"']+@[^\s<>"']+)/gi;
const BARE_NAME = /(?<![@\w.-])((?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62})(?=$|[\s/:?#)\]}>.,;!'"])/gi;
const EMAIL = /[^\s@<>()"',;:]+@((?:[a-z0-9-]+\.)+[a-z]{2,})/gi;
const OPAQUE_SCHEME = /\b(?:javascript|data|vbscript|file|tel|sms|callto|mailto):\S/i;
const IP_ADDRESS = /\b\d{1,3}(?:\.\d{1,3}){3}\b/;
const MARKUP = /<\s*\/?\s*[a-z!][^>]*>|\]\s*\(/i;

/** Two-letter words a sentence often glues to a period ("Mr.Smith" is rare; "p.m." never matches). */
const NOT_A_TLD = new Set(['mr', 'ms', 'dr', 'st', 'jr', 'sr', 'vs', 'no', 'am', 'pm']);

export function isAllowedHost(host: string, domains: string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => h === d || h.endsWith(`.${d}`));
}

/** The reason a message may not go out as written, or null when it is plain text (or only allowed links). */
export function messageLinkProblem(message: string, linkDomains: string[]): string | null {
  const allowed = linkDomains.map((d) => d.toLowerCase());
  const refused = (what: string) =>
    allowed.length === 0
      ? `must be plain text: ${what} is not allowed (a tenant admin can allow links to the tenant's own domains)`
      : `must be plain text: ${what} is not allowed (only https links to ${allowed.join(', ')})`;
  if (MARKUP.test(message)) return refused('HTML or Markdown markup');
  if (IP_ADDRESS.test(message)) return refused('an IP address');
  if (OPAQUE_SCHEME.test(message)) return refused('a link');
  const rest = message.replace(SCHEME_LINK, (whole, scheme: string, target: string) => {
    if (scheme.toLowerCase() !== 'https' || !target.startsWith('//')) return `\u0000${whole}`;
    const host = target.slice(2).split(/[/?#:]/)[0] ?? '';
    return isAllowedHost(host, allowed) ? ' ' : `\u0000${whole}`;
  });
  if (rest.includes('\u0000')) return refused('a link');
  for (const match of rest.matchAll(EMAIL)) {
    if (!isAllowedHost(match[1]!, allowed)) return refused(`an email address (${match[0]})`);
  }
  for (const match of rest.replace(EMAIL, ' ').matchAll(BARE_NAME)) {
    const name = match[1]!;
    if (NOT_A_TLD.has(name.split('.').pop()!.toLowerCase())) continue;
    // Mail clients turn a bare name into a link: only the tenant's own domains may stand as one.
    if (!isAllowedHost(name.replace(/^www\./i, ''), allowed)) return refused(`a web address (${name})`);
  }
  return null;
}
