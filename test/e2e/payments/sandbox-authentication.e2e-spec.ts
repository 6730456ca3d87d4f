import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createTenant } from '../../support/factories';
import {
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  GUEST,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The sandbox's strong customer authentication (docs/sandbox.md): `tok_threeDSecureRequired`
 * answers 402 payment_action_required with the sandbox's own authentication page as action_url,
 * where a POST without credentials stands in for the traveler and settles the booking attempt.
 */
describe('sandbox: a payment the traveler must authenticate', () => {
  let t: TestApp;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let start = 30;

  beforeAll(async () => {
    t = await startTestApp({});
    const tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 20 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-3ds');
  });
  afterAll(() => t.close());

  const held = () => quoteAndHold(t, agent, catalog, { start: (start += 2), nights: 1, adults: 1 });
  const book = (h: { holdId: string; quoteId: string }, key: string, reference: string) =>
    t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', key)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: h.holdId, quote_id: h.quoteId, guest: GUEST, payment: CARD('tok_threeDSecureRequired'), client_reference: reference });
  const lookUp = (reference: string) => t.http().get('/v1/bookings').query({ client_reference: reference }).set('authorization', `Bearer ${agent.apiKey}`);
  const pathOf = (url: string) => new URL(url).pathname;

  it('answers 402 with the authentication page, the same on replay; the page settles it and the replay confirms', async () => {
    const h = await held();
    const key = `3ds-${randomUUID()}`;
    const reference = `3ds-${randomUUID()}`;
    const first = await book(h, key, reference);
    expect(first.status).toBe(402);
    expect(first.body.error).toMatchObject({
      code: 'payment_action_required',
      detail: {
        hold_id: h.holdId,
        action_url: expect.stringMatching(new RegExp(`^${t.config.baseUrl}/sandbox/payments/ch_sandbox_[0-9a-f]{32}/authenticate$`)),
        replay_with_same_idempotency_key: true,
      },
      retry_after: expect.any(Number),
    });
    expect(first.headers['retry-after']).toBe(String(first.body.error.retry_after));
    const replay = await book(h, key, reference);
    expect(replay.status).toBe(402);
    expect(replay.body.error.detail.action_url).toBe(first.body.error.detail.action_url);
    expect((await lookUp(reference)).body.data.state).toBe('pending');

    const page = await t.http().post(pathOf(first.body.error.detail.action_url)).send({ outcome: 'succeeded' });
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ state: 'succeeded', booking_attempt: 'confirmed' });
    // The page again: the charge keeps its outcome, nothing more happens.
    const again = await t.http().post(pathOf(first.body.error.detail.action_url)).send({ outcome: 'failed' });
    expect(again.body.data).toMatchObject({ state: 'succeeded', booking_attempt: 'ignored' });

    const confirmed = await book(h, key, reference);
    expect(confirmed.status).toBe(201);
    expect(confirmed.body.data.state).toBe('confirmed');
    const found = await lookUp(reference);
    expect(found.body.data).toMatchObject({ state: 'confirmed', booking: { booking_id: confirmed.body.data.booking_id } });
    const charges = await t.app
      .get(DataSource)
      .query(`SELECT state FROM sandbox_charges WHERE idempotency_key IN (SELECT id::text FROM payment_attempts WHERE hold_id = $1)`, [h.holdId]);
    expect(charges).toEqual([{ state: 'succeeded' }]);
  });

  it('a failed authentication gives the hold back; the replay and the lookup answer payment_failed', async () => {
    const h = await held();
    const key = `3ds-fail-${randomUUID()}`;
    const reference = `3ds-fail-${randomUUID()}`;
    const first = await book(h, key, reference);
    const page = await t.http().post(pathOf(first.body.error.detail.action_url)).send({ outcome: 'failed' });
    expect(page.body.data).toMatchObject({ state: 'declined', booking_attempt: 'declined' });
    const replay = await book(h, key, reference);
    expect(replay.status).toBe(402);
    expect(replay.body.error.code).toBe('payment_failed');
    expect((await lookUp(reference)).body.data).toMatchObject({ state: 'failed', error_code: 'payment_failed' });
    const [hold] = await t.app.get(DataSource).query(`SELECT state FROM holds WHERE id = $1`, [h.holdId]);
    expect(hold.state).toBe('held');
  });

  it('refuses an unknown payment (404) and a bad outcome (400), changing nothing', async () => {
    const unknown = await t
      .http()
      .post(`/sandbox/payments/ch_sandbox_${'0'.repeat(32)}/authenticate`)
      .send({ outcome: 'succeeded' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const bad = await t
      .http()
      .post(`/sandbox/payments/ch_sandbox_${'0'.repeat(32)}/authenticate`)
      .send({ outcome: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed' });
  });
});
