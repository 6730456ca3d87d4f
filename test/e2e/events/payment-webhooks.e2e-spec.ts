import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
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
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';
import { verifyWebhook, WebhookReceiver } from '../../support/webhook-receiver';

/**
 * The worker's balance charges end to end (docs/payments.md): an in-process worker whose sweep runs
 * every second charges a deposit's balance once its due date is moved into the past, and a card
 * declined off-session ends, after its retries, in `payment.balance_failed` delivered to a webhook
 * endpoint subscribed to it.
 */
describe('payment events from the worker', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let db: DataSource;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;

  beforeAll(async () => {
    // Queues of their own: a sweep scheduler an earlier file of this jest worker left at the default
    // interval would otherwise keep its next run up to 30 s away.
    const queues = { QUEUE_PREFIX: `hcs-test-payments-${process.pid}` };
    t = await startTestApp(queues);
    db = t.app.get(DataSource);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...queues, HOLD_SWEEP_INTERVAL_SECONDS: '1' }));
    receiver = await new WebhookReceiver().start();
    const tenant = await createTenant(t.app);
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 10 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-payments');
    const terms = await t
      .http()
      .patch(`/v1/admin/rate-plans/${catalog.freePlanId}`)
      .set({ authorization: `Bearer ${adminKey}` })
      .send({ payment_terms: { kind: 'deposit', deposit_pct: 40, balance_due_days: 3 } });
    expect(terms.status).toBe(200);
  });
  afterAll(async () => {
    await worker?.close();
    await receiver?.close();
    await t?.close();
  });

  async function depositBooking(start: number, token: string): Promise<string> {
    const held = await quoteAndHold(t, agent, catalog, { start });
    const b = await t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `pay-events-${held.holdId}`)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD(token) });
    expect(b.status).toBe(201);
    expect(b.body.data.payment.state).toBe('scheduled');
    return b.body.data.booking_id as string;
  }
  const dueNow = (bookingId: string) =>
    db.query(`UPDATE payment_schedule SET next_attempt_at = now() - interval '1 second' WHERE booking_id = $1 AND state = 'scheduled'`, [bookingId]);
  const paymentOf = async (bookingId: string) =>
    (await t.http().get(`/v1/bookings/${bookingId}`).set('authorization', `Bearer ${agent.apiKey}`).set(DELEGATION_HEADER, traveler)).body.data.payment;

  it('the in-process worker charges a balance that fell due', async () => {
    const id = await depositBooking(30, 'tok_visa');
    await dueNow(id);
    const payment = await eventually(
      () => paymentOf(id),
      (p) => p.state === 'captured',
      30_000,
      200,
    );
    expect(payment.schedule.map((e: { kind: string; state: string }) => [e.kind, e.state])).toEqual([
      ['deposit', 'captured'],
      ['balance', 'captured'],
    ]);
  });

  it('a balance declined off-session after every retry is overdue and announced as payment.balance_failed', async () => {
    const endpoint = await t
      .http()
      .post('/v1/admin/webhooks')
      .set({ authorization: `Bearer ${adminKey}` })
      .send({ url: receiver.url('/payments'), events: ['payment.balance_failed'], description: 'payments' });
    expect(endpoint.status).toBe(201);
    const id = await depositBooking(40, 'tok_offSessionDeclined');
    // Each retry is due after its delay; moving it into the past stands in for the hours passing.
    // Settled means the attempt's outcome is recorded (no claim left), so the next move into the past is not overwritten.
    const settledAttempts = async () =>
      (await db.query(`SELECT attempt, claimed_until IS NULL AS settled FROM payment_schedule WHERE booking_id = $1 AND kind = 'balance'`, [id]))[0] as {
        attempt: number;
        settled: boolean;
      };
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await dueNow(id);
      const row = await eventually(settledAttempts, (r) => r.attempt >= attempt && r.settled, 30_000, 100);
      expect(row.attempt).toBe(attempt);
    }
    const got = await eventually(
      async () => receiver.at('/payments'),
      (r) => r.length >= 1,
      45_000,
      100,
    );
    const event = verifyWebhook(endpoint.body.data.secret, got[0]);
    expect(event).toMatchObject({ type: 'payment.balance_failed', data: { booking_id: id, payment: { state: 'overdue' } } });
    expect((await paymentOf(id)).state).toBe('overdue');
  });
});
