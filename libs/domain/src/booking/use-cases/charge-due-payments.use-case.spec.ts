import type { AppConfig } from '@hcs/platform';
import { booking, eur } from '../../testing/chain-fixtures';
import { FakeAudit, FakeBookings, FakeOutbox, FakePayments, FakePaymentSchedule, FakeProvider, fakeContext } from '../../testing/fake-chain-ports';
import { ChainRecorder } from '../services/chain-recorder';
import { scheduleChargeKey } from '../rules/payment-terms';
import { ChargeDuePayments } from './charge-due-payments.use-case';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

const HOUR = 3_600_000;

function setup() {
  const bookings = new FakeBookings();
  const payments = new FakePayments();
  const schedule = new FakePaymentSchedule(payments);
  const provider = new FakeProvider();
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const useCase = new ChargeDuePayments(schedule, provider, bookings, payments, new ChainRecorder(audit, outbox, fakeContext()), {
    paymentTimeoutMs: 10_000,
  } as AppConfig);
  const b = booking();
  bookings.rows.push(b);
  const payment = payments.add(b.id, 3000);
  Object.assign(payment, { state: 'scheduled', cardReference: 'card_kept' });
  const entry = schedule.add({ bookingId: b.id, paymentId: payment.id, kind: 'balance', amount: eur(7000) });
  const advance = (ms: number) => (schedule.now = new Date(schedule.now.getTime() + ms));
  return { useCase, schedule, provider, payments, audit, outbox, entry, payment, advance };
}

describe('ChargeDuePayments', () => {
  // One clock for the use case's retry dates and the fake schedule's `now`: only Date is faked.
  beforeEach(() =>
    jest.useFakeTimers({
      now: new Date('2026-12-02T12:00:00Z'),
      doNotFake: [
        'nextTick',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'hrtime',
        'performance',
      ],
    }),
  );
  afterEach(() => jest.useRealTimers());
  it('charges a due balance off-session once, under a key of the entry and attempt, and records it', async () => {
    const t = setup();
    expect(await t.useCase.sweep()).toMatchObject({ captured: 1 });
    expect(t.provider.offSession).toEqual([
      expect.objectContaining({ idempotencyKey: scheduleChargeKey(t.entry.id, 1), amount: eur(7000), cardReference: 'card_kept' }),
    ]);
    expect(t.entry.state).toBe('captured');
    expect(t.payment).toMatchObject({ amount: eur(10000), state: 'captured' });
    expect(t.audit.events.map((e) => e.type)).toEqual(['payment.balance_captured']);
    expect(t.outbox.events.map((e) => e.type)).toEqual(['payment.balance_captured']);
    // Nothing is due any more: a second sweep charges nothing.
    expect(await t.useCase.sweep()).toMatchObject({ captured: 0 });
    expect(t.provider.offSession).toHaveLength(1);
  });

  it('retries a declined balance after 1 h, 6 h and 24 h under new keys, then leaves the payment overdue', async () => {
    const t = setup();
    t.provider.offSessionResult = { outcome: 'declined', message: 'Your card was declined.' };
    expect(await t.useCase.sweep()).toMatchObject({ retrying: 1 });
    for (const wait of [HOUR - 1, 1, 6 * HOUR, 24 * HOUR]) {
      t.advance(wait);
      await t.useCase.sweep();
    }
    expect(t.provider.offSession.map((r) => r.idempotencyKey)).toEqual([1, 2, 3, 4].map((n) => scheduleChargeKey(t.entry.id, n)));
    expect(t.entry.state).toBe('failed');
    expect(t.payment.state).toBe('overdue');
    expect(t.audit.events.map((e) => e.type)).toEqual([
      'payment.balance_declined',
      'payment.balance_declined',
      'payment.balance_declined',
      'payment.balance_failed',
    ]);
    expect(t.outbox.events.map((e) => e.type)).toEqual(['payment.balance_failed']);
  });

  it('takes over a lapsed claim with the same attempt number, so the provider answers the same key', async () => {
    const t = setup();
    const claimed = await t.schedule.claim(t.entry.tenantId, t.entry.id, 60_000);
    expect(claimed?.attempt).toBe(1);
    // A second worker while the claim is live gets nothing.
    expect(await t.useCase.chargeOne(t.entry.tenantId, t.entry.id)).toBe('skipped');
    t.advance(60_001);
    expect(await t.useCase.chargeOne(t.entry.tenantId, t.entry.id)).toBe('captured');
    expect(t.provider.offSession.map((r) => r.idempotencyKey)).toEqual([scheduleChargeKey(t.entry.id, 1)]);
  });

  it('fails a cancellation fee without touching the payment state, and announces payment.fee_failed', async () => {
    const t = setup();
    t.entry.state = 'cancelled';
    const fee = t.schedule.add({ bookingId: t.entry.bookingId, paymentId: t.payment.id, kind: 'cancellation_fee', amount: eur(2000), attempt: 3 });
    t.payment.state = 'captured';
    t.provider.offSessionResult = { outcome: 'declined', message: 'Your card was declined.' };
    expect(await t.useCase.chargeOne(fee.tenantId, fee.id)).toBe('failed');
    expect(fee.state).toBe('failed');
    expect(t.payment.state).toBe('captured');
    expect(t.outbox.events.map((e) => e.type)).toEqual(['payment.fee_failed']);
  });
});
