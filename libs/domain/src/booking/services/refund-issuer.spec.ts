import {
  adminActor,
  booking,
  eur,
  FakeAudit,
  FakeOutbox,
  FakePayments,
  FakeProvider,
  FakeRefunds,
  fakeContext,
  fakeSigner,
} from '../../testing/fake-chain-ports';
import type { PaymentRecord } from '../chain.types';
import { RefundIssuer, refundIdempotencyKey } from './refund-issuer';

/** A provider that refunds, as a real one does, once per key, and remembers every refund it made. */
class KeyedProvider extends FakeProvider {
  readonly made = new Map<string, number>();
  override async refund(request: Parameters<FakeProvider['refund']>[0]) {
    if (!this.made.has(request.idempotencyKey)) this.made.set(request.idempotencyKey, request.amount.amount);
    return super.refund(request);
  }
}

function setup() {
  const payments = new FakePayments();
  const provider = new KeyedProvider();
  const refunds = new FakeRefunds();
  const issuer = new RefundIssuer(payments, refunds, provider, new FakeAudit(), new FakeOutbox(), fakeSigner(), fakeContext());
  const b = booking();
  const payment = payments.add(b.id, 20000);
  return { payments, provider, refunds, issuer, b, payment };
}

const order = (b: ReturnType<typeof booking>, payment: PaymentRecord, amount: number) => ({
  booking: b,
  payment,
  amount: eur(amount),
  reason: null,
  actor: { kind: 'admin' as const, id: adminActor().principalId },
  traveler: null,
});

describe('RefundIssuer: the provider never refunds twice', () => {
  it('derives the key from the payment, the refunded total before this refund and the amount', () => {
    expect(refundIdempotencyKey('p1', 0, 5000)).toBe('refund:p1:0:5000');
    expect(refundIdempotencyKey('p1', 5000, 5000)).not.toBe(refundIdempotencyKey('p1', 0, 5000));
  });

  it('a retry after a crash between the provider refund and the commit asks again under the same key', async () => {
    const { payments, provider, issuer, b, payment } = setup();
    const before = structuredClone(payments.rows[0]);
    // The transaction is lost after the provider refunded (a crash before the commit): the
    // payment row rolls back to what it was.
    await issuer.issue(order(b, payment, 5000));
    payments.rows[0] = structuredClone(before);
    // The retry, under a new refund id, reaches the provider with the key of the first call.
    await issuer.issue(order(b, payment, 5000));
    expect(provider.refunds.map((r) => r.idempotencyKey)).toEqual([`refund:${payment.id}:0:5000`, `refund:${payment.id}:0:5000`]);
    expect([...provider.made.values()]).toEqual([5000]);
  });

  it('two committed refunds of the same amount are two refunds with keys of their own', async () => {
    const { payments, provider, issuer, b, payment } = setup();
    await issuer.issue(order(b, payment, 5000));
    const current = (await payments.findByBooking(b.tenantId, b.id)) as PaymentRecord;
    await issuer.issue(order(b, current, 5000));
    expect([...provider.made.keys()]).toEqual([`refund:${payment.id}:0:5000`, `refund:${payment.id}:5000:5000`]);
    expect(payments.rows[0].refunded).toEqual(eur(10000));
  });
});
