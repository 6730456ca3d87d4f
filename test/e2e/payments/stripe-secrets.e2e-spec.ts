import { randomUUID } from 'node:crypto';
import { createTenant } from '../../support/factories';
import { CARD, createChainAgent, createChainCatalog, DELEGATION_HEADER, GUEST, quoteAndHold, travelerDelegation } from '../../support/chain-fixtures';
import { captureLogs } from '../../support/captured-logs';
import { StripeStub } from '../../support/stripe-stub';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The Stripe keys never reach a log line or an answer (docs/security.md "Secrets and payment
 * data"): not while booking, not when Stripe fails or refuses the key (its own text names the
 * key's last digits), not when a webhook delivery is refused.
 */
describe('Stripe keys stay secret', () => {
  const stripe = new StripeStub();
  let logs: ReturnType<typeof captureLogs>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    await stripe.start();
    logs = captureLogs();
  });
  afterAll(async () => {
    logs.restore();
    for (const app of apps) await app.close();
    await stripe.stop();
  });

  async function bookWith(t: TestApp, token: string) {
    const tenant = await createTenant(t.app);
    const agent = await createChainAgent(t.app, tenant.tenantId);
    const catalog = await createChainCatalog(t.app, tenant.tenantId);
    const traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-secrets');
    const h = await quoteAndHold(t, agent, catalog, { start: 15, nights: 1, adults: 1 });
    return t
      .http()
      .post('/v1/bookings')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .set('idempotency-key', `secret-${randomUUID()}`)
      .set(DELEGATION_HEADER, traveler)
      .send({ hold_id: h.holdId, quote_id: h.quoteId, guest: GUEST, payment: CARD(token) });
  }

  it('logs and answers failures without the secret key or the webhook secret', async () => {
    const t = await startTestApp({ ...stripe.env(), LOG_LEVEL: 'info' });
    apps.push(t);
    expect((await bookWith(t, 'pm_card_visa')).status).toBe(201);
    stripe.failNext(1);
    const failed = await bookWith(t, 'pm_card_visa');
    expect(failed.status).toBe(502);
    const refused = await t.http().post('/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', 't=1,v1=00').send('{"id":"evt_1"}');
    expect(refused.status).toBe(400);

    // A key Stripe refuses: its message names the key's last digits; ours names none.
    const wrongKey = `sk_test_wrong${randomUUID().replace(/-/g, '')}`;
    const other = await startTestApp({ ...stripe.env(), STRIPE_SECRET_KEY: wrongKey, LOG_LEVEL: 'info' });
    apps.push(other);
    const unauthorised = await bookWith(other, 'pm_card_visa');
    expect(unauthorised.status).toBe(502);
    expect(unauthorised.body.error.detail.provider_message).toBe("The payment provider refused this service's credentials.");

    const warned = async () => {
      for (let i = 0; i < 50 && !logs.text().includes('Stripe charge failed'); i++) await new Promise((r) => setTimeout(r, 50));
      return logs.text();
    };
    const text = await warned();
    expect(text).toContain('Stripe charge failed');
    for (const secret of [stripe.secretKey, stripe.webhookSecret, wrongKey]) {
      expect(text).not.toContain(secret);
      expect(JSON.stringify([failed.body, refused.body, unauthorised.body])).not.toContain(secret);
    }
  });
});
