import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAgent, createTenant, TestAgent, TestTenant } from '../../support/factories';
import { callTool, connectMcp } from '../../support/mcp-client';
import { startTestApp, TestApp } from '../../support/test-app';

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: { type?: string; enum?: unknown[]; format?: string } }>;
}

/**
 * Issue 18 point 9: a NUL character (Postgres refuses U+0000 in text) in any string field, query
 * parameter or cursor is validation_failed, never a 5xx, on every route and MCP tool. Write bodies
 * are fuzzed with NUL characters in test/e2e/fuzz; here: every query parameter of every GET route,
 * path parameters, and MCP tool arguments.
 */
describe('NUL characters', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: TestAgent;
  let mcp: Client;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
    mcp = await connectMcp(await t.app.getUrl(), agent.apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await t.close();
  });

  it('in any query parameter (cursors included) of every GET route: validation_failed naming the parameter', async () => {
    const spec = (await t.http().get('/openapi.json').expect(200)).body as { paths: Record<string, Record<string, OpenApiOperation>> };
    let tried = 0;
    for (const [path, methods] of Object.entries(spec.paths)) {
      const get = methods.get;
      if (!get) continue;
      const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      for (const parameter of (get.parameters ?? []).filter((p) => p.in === 'query')) {
        const res = await t
          .http()
          .get(url)
          .query({ [parameter.name]: 'a\u0000b' })
          .set('Authorization', `Bearer ${path.includes('/admin') ? tenant.adminKey : agent.apiKey}`);
        const label = `GET ${path}?${parameter.name}`;
        expect({ label, status: res.status }).toEqual({ label, status: 400 });
        expect(res.body.error).toMatchObject({
          code: 'validation_failed',
          detail: { field_errors: [{ path: parameter.name, message: expect.stringContaining('NUL') }] },
        });
        tried += 1;
      }
    }
    expect(tried).toBeGreaterThan(10);
    // The cursor of a list in particular, with and without authentication.
    for (const auth of [{ Authorization: `Bearer ${agent.apiKey}` }, { 'X-Tenant-Id': tenant.tenantId }, {}]) {
      const res = await t.http().get('/v1/properties?cursor=%00').set(auth);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('in a path parameter or a JSON body: validation_failed, and no row written', async () => {
    const inPath = await t.http().get('/v1/properties/%00').set('Authorization', `Bearer ${agent.apiKey}`);
    expect(inPath.status).toBe(400);
    expect(inPath.body.error.code).toBe('validation_failed');
    const inBody = await t
      .http()
      .post('/v1/admin/agents')
      .set('Authorization', `Bearer ${tenant.adminKey}`)
      .send({ name: 'nul\u0000agent', scopes: ['catalog:read'] });
    expect(inBody.status).toBe(400);
    expect(inBody.body.error).toMatchObject({
      code: 'validation_failed',
      detail: { field_errors: [{ path: 'name', message: expect.stringContaining('NUL') }] },
    });
    const inKey = await t
      .http()
      .post('/v1/search')
      .set('Authorization', `Bearer ${agent.apiKey}`)
      .send({ ['ci\u0000ty']: 'x' });
    expect(inKey.status).toBe(400);
    const oauth = await t
      .http()
      .post('/oauth/token')
      .send({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: `${agent.apiKey}\u0000` });
    expect(oauth.status).toBe(400);
    expect(oauth.body.error).toBe('invalid_request');
  });

  it('in an MCP tool argument: a validation_failed tool error, never a 5xx', async () => {
    const search = await callTool(mcp, 'search', { city: 'Par\u0000is' });
    expect(search.isError).toBe(true);
    expect(search.envelope.error).toMatchObject({
      code: 'validation_failed',
      detail: { field_errors: [{ path: 'city', message: expect.stringContaining('NUL') }] },
    });
    const property = await callTool(mcp, 'get_property', { property_id: '00000000-0000-4000-8000-00000000000\u0000' });
    expect(property.isError).toBe(true);
    expect(property.envelope.error.code).toBe('validation_failed');
  });
});
