import { ResourceTemplate, McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { McpRequestContext, McpToolRunner, ToolAnswer } from './mcp-tool-runner';
import { getPropertyFullTool } from './tools/get-property-full.tool';

export const PROPERTY_RESOURCE_TEMPLATE = 'hotel://properties/{slug}';

/** The template as `resources/templates/list` describes it. */
export const PROPERTY_RESOURCE = {
  name: 'property',
  title: 'Property read model',
  description: 'Amenities, contact, check-in and check-out times, pets, policies and room types of a property, by slug (the success envelope as JSON).',
  mimeType: 'application/json',
} as const;

const template = new UriTemplate(PROPERTY_RESOURCE_TEMPLATE);

/** The slug a `hotel://properties/{slug}` URI names, or null for any other URI. */
export function propertySlugOf(uri: string): string | null {
  const variables = template.match(uri);
  const slug = variables ? (Array.isArray(variables.slug) ? variables.slug[0] : variables.slug) : undefined;
  return slug ? decodeURIComponent(slug) : null;
}

/** Reads a property through the get_property_full tool (same scope check, same use case). */
export function readProperty(runner: McpToolRunner, slug: string, request: McpRequestContext): Promise<ToolAnswer> {
  return runner.run(getPropertyFullTool, { slug }, request);
}

/** The `contents` of a read: the envelope (success or error) as JSON. */
export function propertyContents(uri: string, answer: ToolAnswer) {
  return [{ uri, mimeType: PROPERTY_RESOURCE.mimeType, text: JSON.stringify(answer.envelope) }];
}

/**
 * The property read model as an MCP resource on the SDK server (2025-06-18 and 2025-11-25): a
 * client can attach a hotel's facts to a conversation. The 2026-07-28 layer reads it with the
 * same functions (mcp-modern.handler.ts).
 */
export function registerPropertyResource(server: McpServer, runner: McpToolRunner, request: McpRequestContext): void {
  const { name, ...metadata } = PROPERTY_RESOURCE;
  server.registerResource(name, new ResourceTemplate(PROPERTY_RESOURCE_TEMPLATE, { list: undefined }), metadata, async (uri) => {
    const slug = propertySlugOf(uri.href) ?? '';
    return { contents: propertyContents(uri.href, await readProperty(runner, slug, request)) };
  });
}
