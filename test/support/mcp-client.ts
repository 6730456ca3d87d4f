import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

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
export function envelopeOf(result: CallToolResult): Record<string, any> {
  if (result.isError) return JSON.parse((result.content[0] as { text: string }).text);
  return result.structuredContent as Record<string, any>;
}

export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError: boolean; envelope: Record<string, any>; result: CallToolResult }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { isError: result.isError === true, envelope: envelopeOf(result), result };
}
