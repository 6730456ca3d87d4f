import { randomUUID } from 'node:crypto';
import { HoldRepository, PaymentProviderEventLog, PaymentRepository } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';

/**
 * What the Stripe webhook needs of the database (docs/payments.md "Webhook"): each
 * provider event taken once, even by concurrent deliveries, given back after a failed handling;
 * and the payment attempt an event names, found by its id within its tenant.
 */
describe('payment provider events and attempts by id (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let events: PaymentProviderEventLog;
  let payments: PaymentRepository;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier({ poolSize: 4 });
    events = tier.get(PaymentProviderEventLog);
    payments = tier.get(PaymentRepository);
    chain = await seedChain(tier, { defaultInventory: 5 });
  });
  afterAll(() => tier.close());

  it('takes an event id once, even when deliveries race, and takes it again after a release', async () => {
    const id = `evt_${randomUUID()}`;
    const claims = await Promise.all([1, 2, 3, 4].map(() => events.claim('stripe', id, 'payment_intent.succeeded')));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await events.claim('stripe', id, 'payment_intent.succeeded')).toBe(false);
    // Another provider's event of the same id is its own.
    expect(await events.claim('other', id, 'payment_intent.succeeded')).toBe(true);
    await events.release('stripe', id);
    expect(await events.claim('stripe', id, 'payment_intent.succeeded')).toBe(true);
    expect(await tier.query(`SELECT provider, type FROM payment_provider_events WHERE event_id = $1 ORDER BY provider`, [id])).toEqual([
      { provider: 'other', type: 'payment_intent.succeeded' },
      { provider: 'stripe', type: 'payment_intent.succeeded' },
    ]);
  });

  it('finds an attempt by its id within its own tenant only', async () => {
    const { hold } = await tier.get(HoldRepository).create({
      tenantId: chain.tenantId,
      agentId: chain.agentId,
      quoteId: chain.quote.id,
      roomTypeId: chain.roomType.id,
      stay: chain.quote.stay,
      units: 1,
      ...newHoldIdentity(600),
      maxLiveHolds: 10,
    });
    const attempt = await payments.createAttempt({
      tenantId: chain.tenantId,
      holdId: hold.id,
      idempotencyKey: `key-${randomUUID()}`,
      amount: { amount: 24000, currency: 'EUR' },
      method: 'card',
      providerToken: 'pm_card_authenticationRequired',
      billingCountry: 'FR',
      bookingRequest: {
        guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
        traveler: { iss: 'urn:test', sub: 'traveler' },
        agent: { principal_id: chain.agentId, kind: 'agent', booking_limit: null },
      },
    });
    await expect(payments.findAttemptById(chain.tenantId, attempt.id)).resolves.toMatchObject({ id: attempt.id, holdId: hold.id, state: 'pending' });
    await expect(payments.findAttemptById(randomUUID(), attempt.id)).resolves.toBeNull();
    await expect(payments.findAttemptById(chain.tenantId, randomUUID())).resolves.toBeNull();
  });
});
