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
