import type { OpenAPIObject } from '@nestjs/swagger';
import type { RouteInfo } from '../discovery/route-table';

type Json = Record<string, unknown>;

/** OpenAPI-only keywords a JSON Schema validator does not need (and strict ones reject). */
const DROPPED = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'deprecated']);

/**
 * A tool's `outputSchema`: the success response schema OpenAPI publishes for the mirrored route,
 * with `$ref`s inlined and OpenAPI 3.0 `nullable` spelled as JSON Schema (`anyOf` with null), so
 * the tool and the REST route declare one and the same response model.
 */
export function outputSchemaFor(document: OpenAPIObject, route: RouteInfo): Json {
  const operation = (document.paths[route.path] as Record<string, Json> | undefined)?.[route.method.toLowerCase()];
  const responses = (operation?.responses ?? {}) as Record<string, Json>;
  const status = Object.keys(responses).find((code) => code.startsWith('2'));
  const schema = status ? ((responses[status].content as Record<string, Json> | undefined)?.['application/json']?.schema as Json | undefined) : undefined;
  if (!schema) throw new Error(`OpenAPI has no success schema for ${route.method} ${route.path}`);
  const components = (document.components?.schemas ?? {}) as Record<string, Json>;
  return { type: 'object', ...(toJsonSchema(schema, components, []) as Json) };
}

function toJsonSchema(node: unknown, components: Record<string, Json>, seen: string[]): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, components, seen));
  if (!node || typeof node !== 'object') return node;
  const schema = node as Json;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.includes(name)) return {};
    const { $ref: _ref, ...siblings } = schema;
    return toJsonSchema({ ...components[name], ...siblings }, components, [...seen, name]);
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED.has(key) || key === 'nullable') continue;
    out[key] =
      key === 'properties' ? mapValues(value as Record<string, unknown>, (v) => toJsonSchema(v, components, seen)) : toJsonSchema(value, components, seen);
  }
  return schema.nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => unknown): Json {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}
