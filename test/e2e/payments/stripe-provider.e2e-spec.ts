import { randomUUID } from 'node:crypto';
import { loadConfig } from '@hcs/platform';
import { stripeClientFor, StripePaymentProvider } from '@hcs/adapters';
import { StripeStub } from '../../support/stripe-stub';

/**
 * The Stripe adapter's four port calls through the official SDK against the local stand-in
 * (test/support/stripe-stub.ts), without the api: the calls the booking path does not make
 * (a kept card, a guarantee, off-session charges) and Stripe's idempotency rules.
 */
describe('StripePaymentProvider through the SDK', () => {
  const stripe = new StripeStub();
  let provider: StripePaymentProvider;
  const tenantId = randomUUID();
  const eur = (amount: number) => ({ amount, currency: 'EUR' });
  const charge = (token: string, extra: { keepCard?: boolean; key?: string; amount?: number } = {}) =>
    provider.charge({
      tenantId,
      idempotencyKey: extra.key ?? randomUUID(),
      amount: eur(extra.amount ?? 12345),
      method: 'card',
      token,
      billingCountry: 'FR',
      description: 'booking of hold h',
      keepCard: extra.keepCard,
    });

  beforeAll(async () => {
    await stripe.start();
    provider = new StripePaymentProvider(stripeClientFor(loadConfig({ ...process.env, ...stripe.env() })), 'https://api.example.com');
  });
  afterAll(() => stripe.stop());

  it('keeps the card on a Customer and charges it off-session later, each under its own key', async () => {
    const first = await charge('pm_card_visa', { keepCard: true });
    expect(first).toMatchObject({ outcome: 'succeeded', cardReference: expect.stringMatching(/^cus_[0-9a-f]+:pm_card_visa$/) });
    const cardReference = (first as { cardReference: string }).cardReference;
    const create = stripe.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(create.params).toMatchObject({ setup_future_usage: 'off_session', customer: cardReference.split(':')[0] });

    const key = `balance-${randomUUID()}`;
    const off = () => provider.chargeOffSession({ tenantId, idempotencyKey: key, amount: eur(5000), cardReference, description: 'balance' });
    const balance = await off();
    expect(balance).toMatchObject({ outcome: 'succeeded', reference: expect.stringMatching(/^pi_/) });
    // The same key again (a worker retry after a crash): the same intent, no second charge.
    expect(await off()).toEqual(balance);
    expect([...stripe.intents.values()].filter((i) => (i.metadata as Record<string, string>).hcs_idempotency_key === key)).toHaveLength(1);
    expect(stripe.calls('POST', '/v1/payment_intents').at(-1)!.params).toMatchObject({ off_session: 'true', confirm: 'true', amount: '5000', currency: 'eur' });
  });

  it('guarantees a card with a SetupIntent; a card needing authentication is declined off-session and for guarantees', async () => {
    const guaranteed = await provider.guarantee({
      tenantId,
      idempotencyKey: randomUUID(),
      method: 'card',
      token: 'pm_card_visa',
      billingCountry: 'FR',
      description: 'pay at property',
    });
    expect(guaranteed).toMatchObject({ outcome: 'succeeded', cardReference: expect.stringMatching(/^cus_[0-9a-f]+:pm_card_visa$/) });
    expect(stripe.calls('POST', '/v1/setup_intents').at(-1)!.params).toMatchObject({ usage: 'off_session', confirm: 'true' });

    const needsAuth = await provider.guarantee({
      tenantId,
      idempotencyKey: randomUUID(),
      method: 'card',
      token: 'pm_card_authenticationRequired',
      billingCountry: 'FR',
      description: 'pay at property',
    });
    expect(needsAuth).toMatchObject({ outcome: 'declined', declineCode: 'authentication_required' });

    const kept = await charge('pm_card_authenticationRequired', { keepCard: true });
    expect(kept.outcome).toBe('action_required');
    const customer = [...stripe.customers.values()].at(-1)!;
    (customer.payment_methods as string[]).push('pm_card_authenticationRequired');
    const off = await provider.chargeOffSession({
      tenantId,
      idempotencyKey: randomUUID(),
      amount: eur(100),
      cardReference: `${String(customer.id)}:pm_card_authenticationRequired`,
      description: 'fee',
    });
    expect(off).toMatchObject({ outcome: 'declined', declineCode: 'authentication_required' });
    expect(
      await provider.chargeOffSession({ tenantId, idempotencyKey: randomUUID(), amount: eur(100), cardReference: 'card_sandbox_1', description: 'fee' }),
    ).toMatchObject({
      outcome: 'declined',
    });
  });

  it("answers Stripe's idempotency error as a provider error, and an unknown PaymentMethod as a decline", async () => {
    const key = randomUUID();
    expect((await charge('pm_card_visa', { key })).outcome).toBe('succeeded');
    expect(await charge('pm_card_visa', { key, amount: 999 })).toMatchObject({ outcome: 'error' });
    expect(await charge('pm_card_doesNotExist')).toEqual({ outcome: 'declined', message: 'No such card token.', declineCode: null });
  });

  it('refunds under the given key once, and refuses more than was charged', async () => {
    const paid = (await charge('pm_card_visa', { amount: 3000 })) as { reference: string };
    const key = `refund:${randomUUID()}:0:1000`;
    const refund = () => provider.refund({ tenantId, idempotencyKey: key, chargeReference: paid.reference, amount: eur(1000) });
    const first = await refund();
    expect(first).toMatchObject({ outcome: 'succeeded', reference: expect.stringMatching(/^re_/) });
    expect(await refund()).toEqual(first);
    expect(stripe.intents.get(paid.reference)?.amount_refunded).toBe(1000);
    expect(await provider.refund({ tenantId, idempotencyKey: randomUUID(), chargeReference: paid.reference, amount: eur(5000) })).toMatchObject({
      outcome: 'error',
    });
  });
});
