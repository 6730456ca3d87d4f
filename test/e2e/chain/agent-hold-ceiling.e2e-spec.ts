import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, quoteAndHold, quoteStay } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/** No agent hoards inventory: past MAX_LIVE_HOLDS_PER_AGENT live holds, `429 hold_limit_reached` with `retry_after` (docs/booking-chain.md "Hold"). */
describe('the agent hold ceiling', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let other: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp({ MAX_LIVE_HOLDS_PER_AGENT: '2' });
    const tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    other = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId, { defaultInventory: 20 });
  });
  afterAll(() => t.close());

  it('refuses the third live hold of one agent, not another agent, and frees a place on release', async () => {
    const first = await quoteAndHold(t, agent, catalog, { start: 40, nights: 1 });
    await quoteAndHold(t, agent, catalog, { start: 41, nights: 1 });
    const q = await quoteStay(t, agent, catalog, { start: 42, nights: 1 });
    const refused = await t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({ code: 'hold_limit_reached', detail: { max_live_holds: 2 } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    await quoteAndHold(t, other, catalog, { start: 42, nights: 1 });

    const released = await t.http().post(`/v1/holds/${first.holdId}/release`).set('authorization', `Bearer ${agent.apiKey}`).send({});
    expect(released.status).toBe(200);
    const again = await t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
    expect(again.status).toBe(201);
  });
});
