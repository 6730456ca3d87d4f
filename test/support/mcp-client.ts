import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A JSON envelope as the tests read it (supertest's `res.body` is typed the same way). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** An official SDK client connected to `<baseUrl>/mcp` with a bearer and extra headers. */
export async function connectMcp(baseUrl: string, bearer: string | null, headers: Record<string, string> = {}, fetchImpl?: typeof fetch): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
    requestInit: { headers: { ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers } },
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
  });
  const client = new Client({ name: 'hcs-e2e', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A tool result: the success envelope, or the error envelope of an isError result. */
export function envelopeOf(result: CallToolResult): Record<string, Json> {
  if (result.isError) return JSON.parse((result.content[0] as { text: string }).text);
  return result.structuredContent as Record<string, Json>;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; envelope: Record<string, Json>; result: CallToolResult }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, envelope: envelopeOf(result), result };
}

export const MODERN = '2026-07-28';

/** The `_meta` a 2026-07-28 request carries (no handshake: version and capabilities on every request). */
export function modernMeta(version = MODERN): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': version,
    'io.modelcontextprotocol/clientCapabilities': {},
    'io.modelcontextprotocol/clientInfo': { name: 'hcs-e2e-modern', version: '1.0.0' },
  };
}

export interface RawMcpAnswer {
  status: number;
  headers: Headers;
  body: Json;
}

let nextId = 1;

/**
 * One raw JSON-RPC POST to `/mcp` as a 2026-07-28 client sends it: `_meta` in params and the
 * MCP-Protocol-Version, Mcp-Method and Mcp-Name headers. `headers` override or remove (null) any.
 */
export async function modernRpc(
  baseUrl: string,
  bearer: string | null,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string | null> = {},
): Promise<RawMcpAnswer> {
  const body = { jsonrpc: '2.0', id: nextId++, method, params: { _meta: modernMeta(), ...params } };
  const name = method === 'tools/call' ? params.name : method === 'resources/read' ? params.uri : undefined;
  return rawMcpPost(baseUrl, bearer, body, {
    'mcp-protocol-version': MODERN,
    'mcp-method': method,
    ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
    ...headers,
  });
}

/** A raw POST of any body to `/mcp` (batches, legacy messages, malformed requests). */
export async function rawMcpPost(baseUrl: string, bearer: string | null, body: unknown, headers: Record<string, string | null> = {}): Promise<RawMcpAnswer> {
  const sent: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  if (bearer) sent.authorization = `Bearer ${bearer}`;
  for (const [key, value] of Object.entries(headers)) {
    if (value === null) delete sent[key.toLowerCase()];
    else sent[key.toLowerCase()] = value;
  }
  const res = await fetch(`${baseUrl}/mcp`, { method: 'POST', headers: sent, body: JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}
