/**
 * The committed copy of the OpenAPI document that the console's wire types are generated from
 * (docs/console.md "Wire types"), relative to the repository root.
 */
export const OPENAPI_SNAPSHOT = 'apps/api/openapi.snapshot.json';

/**
 * The snapshot text of a served document: everything but `servers`, which names the deployment
 * (`BASE_URL`) rather than the API, as indented JSON with a final newline.
 */
export function snapshotOf(document: Record<string, unknown>): string {
  const { servers: _deployment, ...api } = document;
  return `${JSON.stringify(api, null, 2)}\n`;
}
