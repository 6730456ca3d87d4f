import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { createTenant } from '../../support/factories';
import { CARD, createChainAgent, createChainCatalog, daysFromToday, GUEST, travelerDelegation } from '../../support/chain-fixtures';
import { callTool, connectMcp, Json, modernRpc } from '../../support/mcp-client';
import { ApiProcess, startApiProcess } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

// Two built api processes (npm test builds first): MCP is stateless, so one client session may hit either.
describe('MCP across two api processes, no affinity', () => {
  let t: TestApp;
  const apis: ApiProcess[] = [];
  const hits = [0, 0];

  beforeAll(async () => {
    t = await startTestApp();
    for (let i = 0; i < 2; i++)
      apis.push(await startApiProcess({ LOG_LEVEL: 'silent', DATABASE_POOL_SIZE: '6', DELEGATION_AUDIENCE: t.config.delegationAudience }));
  }, 60000);
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    await t.close();
  });

  /** A fetch that sends each request to the next process in turn, whatever URL the client aims at. */
  function alternatingFetch(): typeof fetch {
    let next = 0;
    return (input, init) => {
      const index = next++ % 2;
      hits[index]++;
      const url = new URL(input instanceof Request ? input.url : String(input));
      return fetch(`${apis[index].baseUrl}${url.pathname}${url.search}`, init);
    };
  }

  it('runs the chain with consecutive requests answered by different processes', async () => {
    const tenantId = (await createTenant(t.app)).tenantId;
    const agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId);
    const traveler = await travelerDelegation(t.app, tenantId, 'two-process-traveler');
    const client: Client = await connectMcp(apis[0].baseUrl, agent.apiKey, {}, alternatingFetch());
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
      const stay = { check_in: daysFromToday(30), check_out: daysFromToday(31) };
      const quote = await callTool(client, 'create_quote', {
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay,
        guests: { adults: 2 },
      });
      const hold = await callTool(client, 'create_hold', { quote_id: quote.envelope.data.quote_id });
      const booking = await callTool(client, 'confirm_booking', {
        hold_id: hold.envelope.data.hold_id,
        quote_id: quote.envelope.data.quote_id,
        guest: GUEST,
        payment: CARD(),
        idempotency_key: `two-${hold.envelope.data.hold_id}`,
        delegation_token: traveler,
      });
      expect(booking.envelope).toMatchObject({ data: { state: 'confirmed' } });
      const read = await callTool(client, 'get_booking', { booking_id: booking.envelope.data.booking_id });
      expect(read.envelope.data.state).toBe('confirmed');
      const cancel = await callTool(client, 'cancel_booking', { booking_id: booking.envelope.data.booking_id, delegation_token: traveler });
      expect(cancel.envelope.data.state).toBe('cancelled');
    } finally {
      await client.close();
    }
    expect(hits[0]).toBeGreaterThanOrEqual(3);
    expect(hits[1]).toBeGreaterThanOrEqual(3);
  });

  it('books over 2026-07-28 (no initialize) with each request answered by the other process', async () => {
    const tenantId = (await createTenant(t.app)).tenantId;
    const agent = await createChainAgent(t.app, tenantId);
    const catalog = await createChainCatalog(t.app, tenantId);
    const traveler = await travelerDelegation(t.app, tenantId, 'two-process-modern');
    let next = 0;
    const call = async (name: string, args: Record<string, unknown>): Promise<Json> => {
      const answer = await modernRpc(apis[next++ % 2].baseUrl, agent.apiKey, 'tools/call', { name, arguments: args });
      expect(answer.status).toBe(200);
      return answer.body.result.structuredContent;
    };
    expect((await modernRpc(apis[next++ % 2].baseUrl, agent.apiKey, 'server/discover')).body.result.supportedVersions[0]).toBe('2026-07-28');
    const stay = { check_in: daysFromToday(33), check_out: daysFromToday(34) };
    const quote = await call('create_quote', {
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay,
      guests: { adults: 1 },
    });
    const hold = await call('create_hold', { quote_id: quote.data.quote_id });
    const booking = await call('confirm_booking', {
      hold_id: hold.data.hold_id,
      quote_id: quote.data.quote_id,
      guest: GUEST,
      payment: CARD(),
      idempotency_key: `two-modern-${hold.data.hold_id}`,
      delegation_token: traveler,
    });
    expect(booking.data.state).toBe('confirmed');
    expect((await call('get_booking', { booking_id: booking.data.booking_id })).data.state).toBe('confirmed');
  });
});
