import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { nonPublicAddressReason } from './ip-ranges';

/** What the service may call: https to public addresses, or also http and private ones when allowed. */
export interface OutboundPolicy {
  /** `WEBHOOK_ALLOW_PRIVATE=true`: plain http and loopback/private targets (tests, local receivers). */
  allowPrivate: boolean;
}

export function hostOf(url: URL): string {
  const h = url.hostname;
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

/** Checks that need no DNS: absolute http(s) URL, no credentials, https unless allowed, literal IPs public. */
export function outboundUrlProblem(value: string, policy: OutboundPolicy): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an https URL';
  if (policy.allowPrivate) return null;
  const host = hostOf(url).toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return 'must point at a public host (loopback addresses are not allowed)';
  if (isIP(host)) {
    const reason = nonPublicAddressReason(host);
    if (reason) return `must point at a public host (${reason} addresses are not allowed)`;
  }
  return url.protocol === 'https:' ? null : 'must be an https URL';
}

/**
 * The one answer for a host name that does not resolve and for one that resolves to a non-public
 * address: two texts would let a caller map internal DNS names through this check.
 */
export const NOT_A_PUBLIC_NAME = 'must point at a public host (the name must resolve, and only to public addresses)';

/** `outboundUrlProblem`, then every address the host name resolves to must be public too. */
export async function resolvedOutboundUrlProblem(value: string, policy: OutboundPolicy): Promise<string | null> {
  const problem = outboundUrlProblem(value, policy);
  if (problem || policy.allowPrivate) return problem;
  const host = hostOf(new URL(value));
  if (isIP(host)) return null;
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return NOT_A_PUBLIC_NAME;
  }
  return addresses.length > 0 && addresses.every(({ address }) => nonPublicAddressReason(address) === null) ? null : NOT_A_PUBLIC_NAME;
}
