import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { RouteTable } from '../../../apps/api/src/discovery/route-table';
import { normalizePath, OPERATIONS } from '../../../apps/console/src/api/operations';
import { READS } from '../../../apps/console/src/api/reads';
import { ensureConsoleBuilt } from '../../support/console-build';
import { startTestApp, TestApp } from '../../support/test-app';

describe('the console against the API', () => {
  let t: TestApp;
  let openapi: { paths: Record<string, Record<string, unknown>> };

  beforeAll(async () => {
    ensureConsoleBuilt();
    t = await startTestApp({});
    openapi = (await t.http().get('/openapi.json')).body;
  });
  afterAll(() => t.close());

  const routes = () =>
    new Set(Object.entries(openapi.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${normalizePath(path)}`)));

  it('calls only operations the OpenAPI document has; feature operations are optional', () => {
    const known = routes();
    const missing = Object.entries(OPERATIONS)
      .filter(([, op]) => !('feature' in op))
      .filter(([, op]) => !known.has(`${op.method} ${normalizePath(op.path)}`))
      .map(([name, op]) => `${name}: ${op.method} ${op.path}`);
    expect(missing).toEqual([]);
    // A feature route, once it exists, must be an admin route or a booking read the console may call.
    for (const op of Object.values(OPERATIONS)) {
      if ('feature' in op && known.has(`${op.method} ${normalizePath(op.path)}`)) expect(op.path).toMatch(/^\/v1\/(admin|bookings)\//);
    }
  });

  it('serves the built console at /console with a single-page fallback, outside the API', async () => {
    expect(existsSync(join(__dirname, '..', '..', '..', 'dist', 'console', 'index.html'))).toBe(true);
    const page = await t.http().get('/console');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<div id="app"></div>');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    const deep = await t.http().get('/console/bookings/00000000-0000-4000-8000-000000000000');
    expect(deep.status).toBe(200);
    expect(deep.text).toBe(page.text);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(page.text)?.[1] as string;
    const asset = await t.http().get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.http().get('/console/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect(Object.keys(openapi.paths).filter((p) => p.startsWith('/console') || p === '/metrics')).toEqual([]);
    expect(
      t.app
        .get(RouteTable)
        .routes()
        .filter((r) => r.path.startsWith('/console')),
    ).toEqual([]);
  });
});

type Schema = {
  $ref?: string;
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  additionalProperties?: boolean | Schema;
};

/** Every schema a value of `schema` may match, with $ref and allOf/oneOf/anyOf opened. */
function alternatives(doc: { components?: { schemas?: Record<string, Schema> } }, schema: Schema | undefined): Schema[] {
  if (!schema) return [];
  if (schema.$ref) return alternatives(doc, doc.components?.schemas?.[schema.$ref.split('/').pop() as string]);
  const nested = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])];
  return [schema, ...nested.flatMap((s) => alternatives(doc, s))];
}

/** Resolves `a.b[].c` in a schema; false when some step names no documented property. */
function resolves(doc: { components?: { schemas?: Record<string, Schema> } }, schema: Schema | undefined, path: string): boolean {
  if (path === '') return schema !== undefined;
  const [step, ...rest] = path.split('.');
  const name = step.replace(/\[\]$/, '');
  const into = step.endsWith('[]');
  return alternatives(doc, schema).some((s) => {
    let next = s.properties?.[name];
    if (!next) return false;
    if (into) next = alternatives(doc, next).find((a) => a.items)?.items;
    return resolves(doc, next, rest.join('.'));
  });
}

describe('the fields the console reads', () => {
  let t: TestApp;
  let doc: {
    paths: Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>;
    components?: { schemas?: Record<string, Schema> };
  };

  beforeAll(async () => {
    t = await startTestApp({});
    doc = (await t.http().get('/openapi.json')).body;
  });
  afterAll(() => t.close());

  it('are all in the OpenAPI response schemas', () => {
    const unknown: string[] = [];
    for (const [name, paths] of Object.entries(READS)) {
      const op = OPERATIONS[name as keyof typeof OPERATIONS];
      const entry = Object.entries(doc.paths).find(([p]) => normalizePath(p) === normalizePath(op.path));
      const operation = entry?.[1][op.method.toLowerCase()];
      if (!operation) {
        if (!('feature' in op)) unknown.push(`${name}: no route`);
        continue;
      }
      const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
      const envelope = success?.content?.['application/json']?.schema;
      // The envelope's own `data` is generic; the operation's allOf branch names the model.
      const data: Schema = { anyOf: alternatives(doc, envelope).flatMap((s) => (s.properties?.data ? [s.properties.data] : [])) };
      for (const path of paths as string[]) if (!resolves(doc, data, path)) unknown.push(`${name}: ${path}`);
    }
    expect(unknown).toEqual([]);
  });
});
