import type { FieldError } from '../../errors/domain-error';
import type { FollowUpSettings, TenantFollowUpSettings } from '../ports/follow-up-settings.repository';
import { withoutLinks } from './follow-up-plain-text';

export const SENDER_NAME_MAX = 100;
export const LINK_DOMAINS_MAX = 20;

/** Characters a display name may not hold: controls (header injection), quotes, backslashes, angle brackets. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_NAME_CHARS = new RegExp('[\\u0000-\\u001f\\u007f<>"\\\\]', 'g');

const HOSTNAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{1,62}$/;
const EMAIL = /^[^\s@<>"(),;:\\[\]]{1,64}@(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export interface FollowUpSettingsInput {
  sender_name?: unknown;
  reply_to?: unknown;
  link_domains?: unknown;
}

/** Every problem of a settings body at once; the values as stored when there is none. */
export function parseFollowUpSettings(input: FollowUpSettingsInput): { problems: FieldError[]; settings: FollowUpSettings } {
  const problems: FieldError[] = [];
  const senderName = input.sender_name ?? null;
  if (senderName !== null) {
    if (typeof senderName !== 'string' || senderName.trim().length < 1 || senderName.length > SENDER_NAME_MAX) {
      problems.push({ path: 'sender_name', message: `must be 1 to ${SENDER_NAME_MAX} characters` });
    } else if (new RegExp(UNSAFE_NAME_CHARS.source).test(senderName)) {
      problems.push({ path: 'sender_name', message: 'must not contain control characters, quotes, backslashes or angle brackets' });
    }
  }
  const replyTo = input.reply_to ?? null;
  if (replyTo !== null && (typeof replyTo !== 'string' || replyTo.length > 254 || !EMAIL.test(replyTo))) {
    problems.push({ path: 'reply_to', message: 'must be an email address (local@domain)' });
  }
  const domains = input.link_domains ?? [];
  if (!Array.isArray(domains)) problems.push({ path: 'link_domains', message: 'must be an array of domain names' });
  else {
    if (domains.length > LINK_DOMAINS_MAX) problems.push({ path: 'link_domains', message: `at most ${LINK_DOMAINS_MAX} domains` });
    domains.forEach((d: unknown, i) => {
      if (typeof d !== 'string' || !HOSTNAME.test(d))
        problems.push({ path: `link_domains[${i}]`, message: 'must be a lowercase domain name such as hotel.example' });
      else if (domains.indexOf(d) !== i) problems.push({ path: `link_domains[${i}]`, message: 'is listed twice' });
    });
  }
  return {
    problems,
    settings: {
      senderName: typeof senderName === 'string' ? senderName.trim() : null,
      replyTo: typeof replyTo === 'string' ? replyTo : null,
      linkDomains: Array.isArray(domains) ? (domains as string[]) : [],
    },
  };
}

/** The address part of FOLLOW_UP_FROM (`Name <addr>` or `addr`): the envelope sender every tenant shares. */
export function envelopeAddress(followUpFrom: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(followUpFrom);
  return (angle ? angle[1]! : followUpFrom).trim();
}

/**
 * The From header of a tenant's mails: its sender name (default: the tenant's name) at the shared
 * envelope address. The name never carries a link or an address (`withoutLinks`), whatever an admin wrote.
 */
export function senderFor(settings: TenantFollowUpSettings, followUpFrom: string): { from: string; replyTo: string | null } {
  const name = withoutLinks((settings.senderName ?? settings.tenantName).replace(UNSAFE_NAME_CHARS, '')).trim();
  return { from: `"${name}" <${envelopeAddress(followUpFrom)}>`, replyTo: settings.replyTo };
}
