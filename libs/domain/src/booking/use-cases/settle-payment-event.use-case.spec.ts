import { randomUUID } from 'node:crypto';
import { eur, FakePayments } from '../../testing/fake-chain-ports';
import { PaymentProviderEvent, PaymentProviderEventLog } from '../ports/payment-provider-events';
import type { PaymentAttemptRecord } from '../ports/payment.repository';
import type { ConfirmBooking } from './confirm-booking.use-case';
import { SettlePaymentEvent } from './settle-payment-event.use-case';

class FakeEventLog extends PaymentProviderEventLog {
  readonly taken = new Set<string>();
  async claim(provider: string, eventId: string): Promise<boolean> {
    if (this.taken.has(`${provider}/${eventId}`)) return false;
    this.taken.add(`${provider}/${eventId}`);
    return true;
  }
  async release(provider: string, eventId: string): Promise<void> {
    this.taken.delete(`${provider}/${eventId}`);
  }
}

function setup() {
  const events = new FakeEventLog();
  const payments = new FakePayments();
  const resumed: PaymentAttemptRecord[] = [];
  let answer: () => Promise<'confirmed' | 'declined' | 'failed' | 'skipped' | 'waiting'> = async () => 'confirmed';
  const confirm: Pick<ConfirmBooking, 'resume'> = {
    resume: (attempt) => {
      resumed.push(attempt);
      return answer();
    },
  };
  const useCase = new SettlePaymentEvent(events, payments, confirm as ConfirmBooking);
  return { events, payments, resumed, useCase, answerWith: (next: typeof answer) => (answer = next) };
}

async function pendingAttempt(payments: FakePayments): Promise<PaymentAttemptRecord> {
  return payments.createAttempt({
    tenantId: randomUUID(),
    holdId: randomUUID(),
    idempotencyKey: 'key-1',
    amount: eur(20000),
    method: 'card',
    providerToken: 'pm_card_authenticationRequired',
    billingCountry: 'FR',
    bookingRequest: null as never,
  });
}

const event = (attempt: PaymentAttemptRecord, overrides: Partial<PaymentProviderEvent> = {}): PaymentProviderEvent => ({
  provider: 'stripe',
  id: 'evt_1',
  type: 'payment_intent.succeeded',
  tenantId: attempt.tenantId,
  idempotencyKey: attempt.id,
  ...overrides,
});

describe('SettlePaymentEvent', () => {
  it('settles the pending attempt the charge event names, once per event id', async () => {
    const { payments, resumed, useCase } = setup();
    const attempt = await pendingAttempt(payments);
    await expect(useCase.execute(event(attempt))).resolves.toBe('confirmed');
    await expect(useCase.execute(event(attempt))).resolves.toBe('duplicate');
    expect(resumed.map((a) => a.id)).toEqual([attempt.id]);
  });

  it('acknowledges other events, foreign objects and finished attempts without touching anything', async () => {
    const { payments, resumed, useCase } = setup();
    const attempt = await pendingAttempt(payments);
    await expect(useCase.execute(event(attempt, { id: 'evt_a', type: 'charge.refunded' }))).resolves.toBe('ignored');
    await expect(useCase.execute(event(attempt, { id: 'evt_b', tenantId: null }))).resolves.toBe('ignored');
    await expect(useCase.execute(event(attempt, { id: 'evt_c', idempotencyKey: 'balance:123' }))).resolves.toBe('ignored');
    await expect(useCase.execute(event(attempt, { id: 'evt_d', idempotencyKey: randomUUID() }))).resolves.toBe('ignored');
    await payments.completeAttempt(attempt.tenantId, attempt.id, 'succeeded', 'pi_1', null);
    await expect(useCase.execute(event(attempt, { id: 'evt_e' }))).resolves.toBe('ignored');
    expect(resumed).toEqual([]);
  });

  it('gives the event id back when its handling fails, so the next delivery handles it', async () => {
    const { payments, resumed, useCase, answerWith } = setup();
    const attempt = await pendingAttempt(payments);
    answerWith(async () => {
      throw new Error('database away');
    });
    await expect(useCase.execute(event(attempt))).rejects.toThrow('database away');
    answerWith(async () => 'declined');
    await expect(useCase.execute(event(attempt, { type: 'payment_intent.payment_failed' }))).resolves.toBe('declined');
    expect(resumed).toHaveLength(2);
  });
});
