import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { nonPublicAddressReason } from './ip-ranges';
import { OutboundPolicy, outboundUrlProblem } from './outbound-url';

/** At most this much of a response body is read; the rest is discarded. */
export const MAX_RESPONSE_BYTES = 64 * 1024;

export interface OutboundRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

export interface OutboundResponse {
  status: number;
  /** The first MAX_RESPONSE_BYTES of the body, as UTF-8. */
  body: string;
  durationMs: number;
}

/** The target is not one the service may call (see docs/events.md "Receiver safety"). */
export class OutboundRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

/**
 * A `lookup` for the socket: the host is resolved once, at connect time, and the socket connects
 * to exactly the address checked here, so a DNS answer that changes between check and connect
 * (rebinding) cannot reach a private address.
 */
export function guardedLookup(policy: OutboundPolicy, resolve: typeof dnsLookup = dnsLookup): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      if (!policy.allowPrivate) {
        for (const { address } of addresses) {
          const reason = nonPublicAddressReason(address);
          if (reason) return callback(new OutboundRefused(`${hostname} resolves to a ${reason} address`), '', 4);
        }
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const agents = new Map<string, http.Agent>();

function agentFor(protocol: string, policy: OutboundPolicy): http.Agent {
  const key = `${protocol}${policy.allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 64, lookup: guardedLookup(policy) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/**
 * One outbound HTTP call under the service's receiver rules: the URL checked first, the resolved
 * address checked at connect time, no redirects followed (a 3xx is just a status), a hard timeout
 * for the whole exchange and at most 64 KB of body read. Used for webhooks and issuer JWKS.
 */
export function sendOutbound(request: OutboundRequest, policy: OutboundPolicy): Promise<OutboundResponse> {
  const problem = outboundUrlProblem(request.url, policy);
  if (problem) return Promise.reject(new OutboundRefused(problem));
  const url = new URL(request.url);
  const client = url.protocol === 'https:' ? https : http;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: { ...request.headers, ...(request.body !== undefined ? { 'content-length': String(Buffer.byteLength(request.body)) } : {}) },
        agent: agentFor(url.protocol, policy),
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), durationMs: Math.round(performance.now() - started) });
        };
        res.on('data', (chunk: Buffer) => {
          if (size >= MAX_RESPONSE_BYTES) return;
          const room = MAX_RESPONSE_BYTES - size;
          chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
          size += Math.min(chunk.length, room);
          if (size >= MAX_RESPONSE_BYTES) {
            finish();
            res.destroy();
          }
        });
        res.on('end', finish);
        res.on('error', (error) => (size >= MAX_RESPONSE_BYTES ? undefined : reject(error)));
      },
    );
    req.on('error', (error) => {
      const cause = (error as { cause?: unknown }).cause;
      if (error.name === 'AbortError' || error.name === 'TimeoutError') return reject(new Error(`timed out after ${request.timeoutMs} ms`));
      reject(cause instanceof OutboundRefused ? cause : error);
    });
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}
