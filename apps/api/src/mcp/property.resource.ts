import { ResourceTemplate, McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpRequestContext, McpToolRunner } from './mcp-tool-runner';
import { getPropertyFullTool } from './tools/get-property-full.tool';

export const PROPERTY_RESOURCE_TEMPLATE = 'hotel://properties/{slug}';

/**
 * The property read model as an MCP resource, read through the get_property_full tool (same
 * scope check, same use case): a client can attach a hotel's facts to a conversation.
 */
export function registerPropertyResource(server: McpServer, runner: McpToolRunner, request: McpRequestContext): void {
  server.registerResource(
    'property',
    new ResourceTemplate(PROPERTY_RESOURCE_TEMPLATE, { list: undefined }),
    {
      title: 'Property read model',
      description: 'Amenities, contact, check-in and check-out times, pets, policies and room types of a property, by slug (the success envelope as JSON).',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const slug = Array.isArray(variables.slug) ? variables.slug[0] : variables.slug;
      const answer = await runner.run(getPropertyFullTool, { slug: decodeURIComponent(slug ?? '') }, request);
      return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(answer.envelope) }] };
    },
  );
}
