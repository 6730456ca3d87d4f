import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createAgent, createTenant } from '../../support/factories';
import { connectMcp } from '../../support/mcp-client';
import { startTestApp, TestApp } from '../../support/test-app';

type Operation = { description?: string; responses: Record<string, { content?: Record<string, { examples?: Record<string, unknown> }> }> };

/** The codes of an "Errors: a (404), b (409, note)." sentence. */
function listedCodes(description: string | undefined): string[] {
  const sentence = /Errors: (.*)\.$/.exec(description ?? '')?.[1] ?? '';
  return [...sentence.matchAll(/(?:^|, )([a-z_]+) \(/g)].map((m) => m[1]);
}

describe('each route lists its errors once (OpenAPI responses, description and MCP tool)', () => {
  let t: TestApp;
  let client: Client;
  let operations: Array<{ key: string; operation: Operation }>;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    const base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const tenant = await createTenant(t.app);
    const agent = await createAgent(t.app, tenant);
    client = await connectMcp(base, agent.apiKey);
    const document = (await t.http().get('/openapi.json').expect(200)).body as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
  });
  afterAll(async () => {
    await client?.close();
    await t.close();
  });

  it('documents an error response for every code the description lists', () => {
    const described = operations.filter(({ operation }) => listedCodes(operation.description).length > 0);
    expect(described.length).toBeGreaterThan(40);
    for (const { key, operation } of described) {
      const documented = Object.values(operation.responses).flatMap((r) => Object.values(r.content ?? {}).flatMap((c) => Object.keys(c.examples ?? {})));
      const missing = listedCodes(operation.description).filter((code) => !documented.includes(code));
      expect({ key, missing }).toEqual({ key, missing: [] });
    }
  });

  it("ends each MCP tool's description with its REST route's errors", async () => {
    const { tools } = await client.listTools();
    const createHold = tools.find((tool) => tool.name === 'create_hold');
    const holdRoute = operations.find(({ key }) => key === 'POST /v1/holds');

    expect(createHold?.description).toContain('allotment_exhausted (409, detail.dates)');
    expect(createHold?.description?.endsWith(/Errors: .*\.$/.exec(holdRoute?.operation.description ?? '')?.[0] ?? 'no sentence')).toBe(true);
  });
});
