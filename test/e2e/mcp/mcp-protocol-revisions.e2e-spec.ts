import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import { CARD, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, GUEST, travelerDelegation } from '../../support/chain-fixtures';
import { Json, MODERN, modernMeta, modernRpc, rawMcpPost } from '../../support/mcp-client';
import { startTestApp, TestApp } from '../../support/test-app';

const SUPPORTED = ['2026-07-28', '2025-11-25', '2025-06-18'];
const SERVER_INFO = { name: 'hospitality-commerce-service', version: expect.any(String) };

/** docs/mcp.md "Protocol revisions" and "Transport rules": three revisions on one endpoint. */
describe('MCP protocol revisions on /mcp (2026-07-28, 2025-11-25, 2025-06-18)', () => {
  let t: TestApp;
  let base: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let slug: string;
  let traveler: string;
  let tenantId: string;

  beforeAll(async () => {
    t = await startTestApp({ MCP_ALLOWED_ORIGINS: 'https://console.partner.example' });
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const tenant = await createTenant(t.app);
    tenantId = tenant.tenantId;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    [{ slug }] = await t.app.get(DataSource).query(`SELECT slug FROM properties WHERE id = $1`, [catalog.propertyId]);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'modern-traveler');
  });
  afterAll(() => t.close());

  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await modernRpc(base, agent.apiKey, 'tools/call', { name, arguments: args });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ resultType: 'complete', _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO } });
    const result = answer.body.result;
    // Every success carries a text copy of its structured content.
    if (!result.isError) expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);
    return { result, envelope: result.isError ? JSON.parse(result.content[0].text) : result.structuredContent };
  };

  it('2026-07-28: discovers, lists tools and books a room through tools with no initialize and no session', async () => {
    const discover = await modernRpc(base, agent.apiKey, 'server/discover');
    expect(discover.status).toBe(200);
    expect(discover.headers.get('mcp-session-id')).toBeNull();
    expect(discover.body).toMatchObject({ jsonrpc: '2.0', id: expect.any(Number) });
    expect(discover.body.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: SUPPORTED,
      capabilities: { tools: { listChanged: false }, resources: {} },
      instructions: expect.stringContaining('confirm_booking'),
      ttlMs: expect.any(Number),
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
    });

    const list = await modernRpc(base, agent.apiKey, 'tools/list');
    expect(list.status).toBe(200);
    expect(list.headers.get('mcp-session-id')).toBeNull();
    expect(list.body.result).toMatchObject({ resultType: 'complete', ttlMs: 300000, cacheScope: 'public' });
    const names = list.body.result.tools.map((tool: Json) => tool.name);
    expect(names).toEqual(expect.arrayContaining(['search', 'create_quote', 'create_hold', 'confirm_booking']));
    // Deterministic order: the same list, in the same order, on every call.
    expect((await modernRpc(base, agent.apiKey, 'tools/list')).body.result.tools).toEqual(list.body.result.tools);

    const stay = { check_in: daysFromToday(30), check_out: daysFromToday(32) };
    const search = await call('search', { destination: { type: 'property', value: slug }, stay, guests: { adults: 2 } });
    const quoteHint = search.envelope.next_actions.find((a: Json) => a.rel === 'quote').body_hint;
    const quote = await call('create_quote', quoteHint);
    expect(quote.envelope.data.quote_id).toEqual(expect.any(String));
    const hold = await call('create_hold', { quote_id: quote.envelope.data.quote_id, idempotency_key: `modern-hold-${quote.envelope.data.quote_id}` });
    expect(hold.envelope.data.state).toBe('held');
    const booking = await call('confirm_booking', {
      hold_id: hold.envelope.data.hold_id,
      quote_id: quote.envelope.data.quote_id,
      guest: GUEST,
      payment: CARD(),
      idempotency_key: `modern-book-${hold.envelope.data.hold_id}`,
      delegation_token: traveler,
    });
    expect(booking.result.isError).toBeUndefined();
    expect(booking.envelope.data).toMatchObject({ state: 'confirmed', traveler: { sub: 'modern-traveler' } });
    expect(booking.envelope.receipt.kind).toBe('booking_confirmed');
    const [row] = await t.app
      .get(DataSource)
      .query(`SELECT state FROM bookings WHERE id = $1 AND tenant_id = $2`, [booking.envelope.data.booking_id, tenantId]);
    expect(row.state).toBe('confirmed');

    // The W3C traceparent of the POST is the trace_id of the envelope, as on REST.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const traced = await modernRpc(
      base,
      agent.apiKey,
      'tools/call',
      { name: 'get_booking', arguments: { booking_id: booking.envelope.data.booking_id } },
      { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    );
    expect(traced.body.result.structuredContent).toMatchObject({ trace_id: traceId, data: { state: 'confirmed' } });

    // A tool failure is still a result (isError) with the REST error envelope as text.
    const failed = await call('get_booking', { booking_id: '00000000-0000-4000-8000-000000000000' });
    expect(failed.result.isError).toBe(true);
    expect(failed.envelope.error.code).toBe('booking_not_found');
  });

  it('2026-07-28: resources and templates carry cache hints; an unknown resource is -32602 with its uri', async () => {
    const templates = await modernRpc(base, agent.apiKey, 'resources/templates/list');
    expect(templates.body.result).toMatchObject({
      resultType: 'complete',
      resourceTemplates: [{ uriTemplate: 'hotel://properties/{slug}', name: 'property', mimeType: 'application/json' }],
      ttlMs: expect.any(Number),
      cacheScope: 'public',
    });
    expect((await modernRpc(base, agent.apiKey, 'resources/list')).body.result).toMatchObject({
      resources: [],
      cacheScope: 'public',
      ttlMs: expect.any(Number),
    });

    const uri = `hotel://properties/${slug}`;
    const read = await modernRpc(base, agent.apiKey, 'resources/read', { uri });
    expect(read.body.result).toMatchObject({ resultType: 'complete', cacheScope: 'private', ttlMs: expect.any(Number) });
    expect(JSON.parse(read.body.result.contents[0].text).data.slug).toBe(slug);

    for (const unknown of ['hotel://properties/no-such-hotel', 'file:///etc/passwd']) {
      const missing = await modernRpc(base, agent.apiKey, 'resources/read', { uri: unknown });
      expect(missing.body.error).toMatchObject({ code: -32602, data: { uri: unknown } });
      expect(missing.body.id).toEqual(expect.any(Number));
    }
  });

  it('2026-07-28: validates _meta and the Mcp-Method, Mcp-Name and MCP-Protocol-Version headers against the body', async () => {
    const noMeta = await rawMcpPost(
      base,
      agent.apiKey,
      { jsonrpc: '2.0', id: 7, method: 'server/discover', params: {} },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' },
    );
    expect(noMeta.status).toBe(400);
    expect(noMeta.body).toMatchObject({ id: 7, error: { code: -32602 } });

    const noCapabilities = await rawMcpPost(
      base,
      agent.apiKey,
      { jsonrpc: '2.0', id: 8, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
    );
    expect(noCapabilities.status).toBe(400);
    expect(noCapabilities.body.error.code).toBe(-32602);

    const cases: Array<[string, Record<string, string | null>, Record<string, unknown>]> = [
      ['Mcp-Method differs', { 'mcp-method': 'prompts/list' }, {}],
      ['Mcp-Method missing', { 'mcp-method': null }, {}],
      ['method value is case-sensitive', { 'mcp-method': 'TOOLS/LIST' }, {}],
      ['MCP-Protocol-Version missing', { 'mcp-protocol-version': null }, {}],
      ['MCP-Protocol-Version differs from _meta', {}, { _meta: modernMeta('1999-01-01') }],
    ];
    for (const [label, headers, params] of cases) {
      const answer = await modernRpc(base, agent.apiKey, 'tools/list', params, headers);
      expect({ label, status: answer.status, code: answer.body.error?.code }).toEqual({ label, status: 400, code: -32020 });
    }
    const wrongName = await modernRpc(base, agent.apiKey, 'tools/call', { name: 'search', arguments: {} }, { 'mcp-name': 'get_booking' });
    expect([wrongName.status, wrongName.body.error.code]).toEqual([400, -32020]);
    const noName = await modernRpc(base, agent.apiKey, 'tools/call', { name: 'search', arguments: {} }, { 'mcp-name': null });
    expect([noName.status, noName.body.error.code]).toEqual([400, -32020]);
    // Header names are case-insensitive, and a name may travel Base64-encoded.
    const encoded = await modernRpc(
      base,
      agent.apiKey,
      'tools/call',
      { name: 'search', arguments: {} },
      { 'mcp-name': `=?base64?${Buffer.from('search').toString('base64')}?=` },
    );
    expect(encoded.status).toBe(200);
    expect(encoded.body.result.isError).toBe(true);
    expect(JSON.parse(encoded.body.result.content[0].text).error.code).toBe('validation_failed');

    const unknownTool = await modernRpc(base, agent.apiKey, 'tools/call', { name: 'book_everything', arguments: {} });
    expect(unknownTool.body.error).toMatchObject({ code: -32602, message: expect.stringContaining('book_everything') });

    // Methods of the handshake revisions do not exist in 2026-07-28: 404 with -32601.
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'prompts/list', 'no/such-method']) {
      const answer = await modernRpc(base, agent.apiKey, method);
      expect({ method, status: answer.status, code: answer.body.error?.code, id: answer.body.id }).toEqual({
        method,
        status: 404,
        code: -32601,
        id: expect.any(Number),
      });
    }
  });

  it('answers an unsupported version with UnsupportedProtocolVersionError listing the supported versions', async () => {
    const modern = await modernRpc(base, agent.apiKey, 'server/discover', { _meta: modernMeta('1999-01-01') }, { 'mcp-protocol-version': '1999-01-01' });
    expect(modern.status).toBe(400);
    expect(modern.body).toMatchObject({
      jsonrpc: '2.0',
      id: expect.any(Number),
      error: { code: -32022, data: { supported: SUPPORTED, requested: '1999-01-01' } },
    });

    // A legacy request whose header names a revision we do not speak (the SDK alone would take 2025-03-26).
    const legacyHeader = await rawMcpPost(base, agent.apiKey, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-protocol-version': '2025-03-26' });
    expect(legacyHeader.status).toBe(400);
    expect(legacyHeader.body).toMatchObject({ id: 3, error: { code: -32022, data: { supported: SUPPORTED, requested: '2025-03-26' } } });

    // initialize naming no MCP revision at all.
    const initialize = await rawMcpPost(base, agent.apiKey, {
      jsonrpc: '2.0',
      id: 4,
      method: 'initialize',
      params: { protocolVersion: '1.0.0', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    });
    expect(initialize.status).toBe(400);
    expect(initialize.body).toMatchObject({ id: 4, error: { code: -32022, data: { supported: SUPPORTED, requested: '1.0.0' } } });

    // An older revision in initialize is negotiated to our newest handshake revision (2025 lifecycle rules).
    const older = await rawMcpPost(base, agent.apiKey, {
      jsonrpc: '2.0',
      id: 5,
      method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    });
    expect(older.status).toBe(200);
    expect(older.body.result.protocolVersion).toBe('2025-11-25');
  });

  it('2025-06-18: an initialize handshake session still works, with the same tools and results', async () => {
    const init = await rawMcpPost(base, agent.apiKey, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'legacy-2025-06-18', version: '1.0.0' } },
    });
    expect(init.status).toBe(200);
    expect(init.body.result).toMatchObject({ protocolVersion: '2025-06-18', serverInfo: SERVER_INFO, capabilities: { tools: {} } });
    expect(init.body.result.resultType).toBeUndefined();
    expect(init.headers.get('mcp-session-id')).toBeNull();
    const headers = { 'mcp-protocol-version': '2025-06-18' };
    expect((await rawMcpPost(base, agent.apiKey, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers)).status).toBe(202);

    const list = await rawMcpPost(base, agent.apiKey, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
    expect(list.status).toBe(200);
    const modernList = await modernRpc(base, agent.apiKey, 'tools/list');
    expect(list.body.result.tools).toEqual(modernList.body.result.tools);
    expect(list.body.result.ttlMs).toBeUndefined();

    const stay = { check_in: daysFromToday(34), check_out: daysFromToday(35) };
    const searched = await rawMcpPost(
      base,
      agent.apiKey,
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'search', arguments: { destination: { type: 'property', value: slug }, stay, guests: { adults: 1 } } },
      },
      headers,
    );
    expect(searched.status).toBe(200);
    const result = searched.body.result;
    expect(result.structuredContent.data.results[0].hotel_id).toBe(catalog.propertyId);
    expect(JSON.parse(result.content[0].text)).toEqual(result.structuredContent);

    const ping = await rawMcpPost(base, agent.apiKey, { jsonrpc: '2.0', id: 4, method: 'ping' }, headers);
    expect(ping.body).toEqual({ jsonrpc: '2.0', id: 4, result: {} });
  });

  it('2025-11-25: the official SDK client (its newest revision) connects and calls tools', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${agent.apiKey}` } } });
    const client = new Client({ name: 'hcs-e2e-2025-11-25', version: '1.0.0' });
    await client.connect(transport);
    try {
      expect(transport.protocolVersion).toBe('2025-11-25');
      expect(client.getServerVersion()).toMatchObject(SERVER_INFO);
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain('confirm_booking');
      const property = await client.callTool({ name: 'get_property', arguments: { property_id: catalog.propertyId } });
      expect((property.structuredContent as Json).data.id).toBe(catalog.propertyId);
      expect(JSON.parse((property.content as Json[])[0].text)).toEqual(property.structuredContent);
      const resource = await client.readResource({ uri: `hotel://properties/${slug}` });
      expect(JSON.parse((resource.contents[0] as Json).text).data.slug).toBe(slug);
    } finally {
      await client.close();
    }
  });

  it('refuses a JSON-RPC batch unprocessed, for one rate-limit point', async () => {
    const [{ count: quotesBefore }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS count FROM quotes WHERE tenant_id = $1`, [tenantId]);
    const before = await modernRpc(base, agent.apiKey, 'tools/list');
    const remainingBefore = Number(before.headers.get('ratelimit-remaining'));
    const stay = { check_in: daysFromToday(40), check_out: daysFromToday(41) };
    const batch = [
      ...Array.from({ length: 99 }, (_, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'tools/list', params: {} })),
      {
        jsonrpc: '2.0',
        id: 100,
        method: 'tools/call',
        params: {
          name: 'create_quote',
          arguments: { hotel_id: catalog.propertyId, room_type_id: catalog.roomTypeId, rate_plan_id: catalog.freePlanId, stay, guests: { adults: 1 } },
        },
      },
    ];
    const variants: Array<Record<string, string>> = [{ 'mcp-protocol-version': '2025-06-18' }, {}, { 'mcp-protocol-version': MODERN }];
    for (const headers of variants) {
      const refused = await rawMcpPost(base, agent.apiKey, batch, headers);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: expect.stringContaining('batch') } });
    }
    const after = await modernRpc(base, agent.apiKey, 'tools/list');
    // Three refused batches and one list: four points, one per POST.
    expect(Number(after.headers.get('ratelimit-remaining'))).toBe(remainingBefore - 4);
    const [{ count: quotesAfter }] = await t.app.get(DataSource).query(`SELECT count(*)::int AS count FROM quotes WHERE tenant_id = $1`, [tenantId]);
    expect(quotesAfter).toBe(quotesBefore);
  });

  it('names the supported revisions in the agent card', async () => {
    const card = (await t.http().get('/.well-known/agent-card.json')).body;
    const mcp = card.transports.find((transport: Json) => transport.type === 'mcp');
    expect(mcp).toMatchObject({ url: `${t.config.mcpUrl}/mcp`, protocol_versions: SUPPORTED, stateless: true });
    expect(mcp.description).toContain('2026-07-28');
    expect(card.contracts.mcp).toMatchObject({
      endpoint: `${t.config.mcpUrl}/mcp`,
      protocol_versions: SUPPORTED,
      description: expect.stringContaining('server/discover'),
    });
  });

  it('answers 403 to a foreign Origin, and serves its own origins and MCP_ALLOWED_ORIGINS', async () => {
    for (const revision of [MODERN, '2025-06-18']) {
      const foreign = await modernRpc(base, agent.apiKey, 'tools/list', {}, { origin: 'https://evil.example', 'mcp-protocol-version': revision });
      expect(foreign.status).toBe(403);
      expect(foreign.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { message: expect.stringContaining('Origin') } });
    }
    // Refused before authentication: a foreign page learns nothing, not even whether a bearer is valid.
    expect((await modernRpc(base, null, 'tools/list', {}, { origin: 'https://evil.example' })).status).toBe(403);
    for (const origin of [new URL(t.config.baseUrl).origin, 'https://console.partner.example']) {
      expect((await modernRpc(base, agent.apiKey, 'tools/list', {}, { origin })).status).toBe(200);
    }
    // No Origin at all (an agent, a server): served.
    expect((await modernRpc(base, agent.apiKey, 'tools/list')).status).toBe(200);
  });
});
