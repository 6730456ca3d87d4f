import type { LookupAddress } from 'node:dns';
import dns from 'node:dns/promises';
import { jwksUrlProblem } from '@hcs/domain';
import { nonPublicAddressReason } from './ip-ranges';
import { guardedLookup, OutboundRefused, sendOutbound } from './outbound-http';
import { outboundUrlProblem, resolvedOutboundUrlProblem } from './outbound-url';

/** Every refused address form (docs/events.md "Receiver safety"), as webhook URLs and as issuer jwks_url. */
const REFUSED: Array<[string, RegExp]> = [
  ['https://127.0.0.1/hook', /loopback/],
  ['https://127.1.2.3/hook', /loopback/],
  ['https://localhost/hook', /loopback/],
  ['https://api.localhost/hook', /loopback/],
  ['https://[::1]/hook', /loopback/],
  ['https://10.0.0.5/hook', /private/],
  ['https://172.16.0.1/hook', /private/],
  ['https://172.31.255.255/hook', /private/],
  ['https://192.168.1.10/hook', /private/],
  ['https://169.254.169.254/latest/meta-data', /link-local/],
  ['https://[fe80::1]/hook', /link-local/],
  ['https://100.64.0.1/hook', /carrier-grade NAT/],
  ['https://100.127.255.254/hook', /carrier-grade NAT/],
  ['https://224.0.0.1/hook', /multicast/],
  ['https://[ff02::1]/hook', /multicast/],
  ['https://0.0.0.0/hook', /unspecified/],
  ['https://[::]/hook', /unspecified/],
  ['https://[fc00::1]/hook', /unique-local/],
  ['https://[fd12:3456::1]/hook', /unique-local/],
  ['https://[::ffff:7f00:1]/hook', /loopback/],
  ['https://[::ffff:127.0.0.1]/hook', /loopback/],
  ['https://[::ffff:a9fe:a9fe]/hook', /link-local/],
  ['https://[::ffff:a00:1]/hook', /private/],
  ['https://[::127.0.0.1]/hook', /loopback/],
  ['https://[64:ff9b::7f00:1]/hook', /loopback/],
  ['https://[2002:7f00:1::]/hook', /loopback/],
  ['https://2130706433/hook', /loopback/], // decimal IPv4, which URL normalises to 127.0.0.1
  ['https://0x7f.1/hook', /loopback/],
  ['https://192.0.2.1/hook', /documentation/],
  ['https://198.18.0.1/hook', /benchmarking/],
  ['https://240.0.0.1/hook', /reserved/],
  ['http://93.184.216.34/hook', /https/],
  ['ftp://93.184.216.34/hook', /https/],
  ['https://user:pw@93.184.216.34/hook', /credentials/],
  ['not a url', /absolute URL/],
];

describe('outbound address rule (webhooks and delegation jwks_url)', () => {
  it.each(REFUSED)('refuses %s for a webhook', async (url, why) => {
    expect(outboundUrlProblem(url, { allowPrivate: false })).toMatch(why);
    await expect(resolvedOutboundUrlProblem(url, { allowPrivate: false })).resolves.toMatch(why);
    await expect(sendOutbound({ url, method: 'POST', body: '{}', timeoutMs: 1000 }, { allowPrivate: false })).rejects.toBeInstanceOf(OutboundRefused);
  });

  it.each(REFUSED)('refuses %s as an issuer jwks_url', (url, why) => {
    expect(jwksUrlProblem(url, false)).toMatch(why);
  });

  it('accepts https to public addresses', () => {
    for (const url of ['https://93.184.216.34/hook', 'https://[2606:4700::1111]/hook', 'https://hooks.example.com/in']) {
      expect(outboundUrlProblem(url, { allowPrivate: false })).toBeNull();
      expect(jwksUrlProblem(url, false)).toBeNull();
    }
  });

  it('allows http and private targets only with WEBHOOK_ALLOW_PRIVATE', () => {
    for (const url of ['http://127.0.0.1:9999/hook', 'http://localhost/hook', 'https://[::ffff:7f00:1]/hook', 'http://10.0.0.5/hook']) {
      expect(outboundUrlProblem(url, { allowPrivate: true })).toBeNull();
    }
    expect(outboundUrlProblem('ftp://127.0.0.1/x', { allowPrivate: true })).toMatch(/https/);
  });

  it('classifies addresses', () => {
    expect(nonPublicAddressReason('8.8.8.8')).toBeNull();
    expect(nonPublicAddressReason('2001:4860:4860::8888')).toBeNull();
    expect(nonPublicAddressReason('::ffff:8.8.8.8')).toBeNull();
    expect(nonPublicAddressReason('172.32.0.1')).toBeNull();
    expect(nonPublicAddressReason('100.128.0.1')).toBeNull();
    expect(nonPublicAddressReason('fe80::1%eth0')).toBe('link-local');
    expect(nonPublicAddressReason('example.com')).toBe('not an IP address');
  });
});

describe('resolved host names (webhook URL check)', () => {
  afterEach(() => jest.restoreAllMocks());
  const resolving = (answer: () => Promise<Array<{ address: string; family: number }>>) => jest.spyOn(dns, 'lookup').mockImplementation(answer as never);
  const check = () => resolvedOutboundUrlProblem('https://hooks.example.com/in', { allowPrivate: false });

  it('answers one text for a name that does not resolve and one that resolves to a private address (no DNS probing)', async () => {
    resolving(() => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND db.internal'), { code: 'ENOTFOUND' })));
    const unresolved = await check();
    resolving(() => Promise.resolve([{ address: '10.0.0.5', family: 4 }]));
    const privateAnswer = await check();
    resolving(() =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: '::1', family: 6 },
      ]),
    );
    const oneLoopback = await check();
    expect(unresolved).toMatch(/public host/);
    expect(privateAnswer).toBe(unresolved);
    expect(oneLoopback).toBe(unresolved);
    expect(unresolved).not.toMatch(/hooks\.example\.com|10\.0\.0\.5|private|resolve to a/);
  });

  it('accepts a name whose every address is public', async () => {
    resolving(() =>
      Promise.resolve([
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ]),
    );
    await expect(check()).resolves.toBeNull();
  });
});

describe('connect-time check (no DNS rebinding)', () => {
  type Resolve = (host: string, options: object, cb: (e: Error | null, a: LookupAddress[]) => void) => void;
  const answering =
    (addresses: LookupAddress[]): Resolve =>
    (_host, _options, cb) =>
      cb(null, addresses);

  const lookupWith = (resolve: Resolve, allowPrivate: boolean) =>
    new Promise<{ error: Error | null; address: unknown }>((done) => {
      const lookup = guardedLookup({ allowPrivate }, resolve as never);
      lookup('rebind.example.com', { all: true }, (error, address) => done({ error, address }));
    });

  it('refuses a name that resolves to a private address when the socket connects', async () => {
    const { error } = await lookupWith(answering([{ address: '127.0.0.1', family: 4 }]), false);
    expect(error).toBeInstanceOf(OutboundRefused);
    expect(error?.message).toMatch(/loopback/);
  });

  it('refuses when any of several answers is private', async () => {
    const { error } = await lookupWith(
      answering([
        { address: '93.184.216.34', family: 4 },
        { address: '::ffff:a9fe:a9fe', family: 6 },
      ]),
      false,
    );
    expect(error?.message).toMatch(/link-local/);
  });

  it('hands the checked public addresses to the socket', async () => {
    const { error, address } = await lookupWith(answering([{ address: '93.184.216.34', family: 4 }]), false);
    expect(error).toBeNull();
    expect(address).toEqual([{ address: '93.184.216.34', family: 4 }]);
  });

  it('allows private answers with WEBHOOK_ALLOW_PRIVATE', async () => {
    const { error } = await lookupWith(answering([{ address: '127.0.0.1', family: 4 }]), true);
    expect(error).toBeNull();
  });
});
