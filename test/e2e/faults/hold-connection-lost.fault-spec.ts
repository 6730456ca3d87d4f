import { createTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday } from '../../support/chain-fixtures';
import { failStatementOnce } from '../../support/fail-statement-once';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * A hold whose reservation loses its database connection is `service_unavailable`, not
 * `allocation_failed`: a 409 would be sealed for the Idempotency-Key and replayed forever.
 */
describe('a hold that loses its database connection', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let catalog: ChainCatalog;

  beforeAll(async () => {
    t = await startTestApp();
    const tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
  });
  afterAll(() => t.close());

  it('answers 503 with retry_after, and the same key books the hold once the database is back', async () => {
    const q = await t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(90), check_out: daysFromToday(91) },
        guests: { adults: 1 },
      });
    // The connection dies under the hold's reservation statement (docs/performance.md).
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    const fault = failStatementOnce(t.app, 'INSERT INTO inventory_nights AS inv', terminated);
    const hold = () =>
      t
        .http()
        .post('/v1/holds')
        .set('authorization', `Bearer ${agent.apiKey}`)
        .set('idempotency-key', 'hold-lost-connection')
        .send({ quote_id: q.body.data.quote_id });

    const lost = await hold();
    expect(lost.status).toBe(503);
    expect(lost.body.error).toMatchObject({ code: 'service_unavailable', retry_after: 2, detail: {} });
    expect(fault.fired()).toBe(1);
    fault.restore();

    const retried = await hold();
    expect(retried.status).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });
});
