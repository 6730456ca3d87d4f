import { DomainError } from '../../errors/domain-error';
import {
  adminActor,
  agentActor,
  booking,
  eur,
  FakeAudit,
  FakeBookings,
  FakeOutbox,
  FakePayments,
  FakeProvider,
  FakeRefunds,
  fakeContext,
  fakeSigner,
} from '../../testing/fake-chain-ports';
import { refundView } from '../views';
import { BookingAccess } from '../services/booking-access';
import { IssueRefund } from './issue-refund.use-case';
import { RefundIssuer } from '../services/refund-issuer';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

function setup() {
  const bookings = new FakeBookings();
  const payments = new FakePayments();
  const refunds = new FakeRefunds();
  const provider = new FakeProvider();
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const issuer = new RefundIssuer(payments, refunds, provider, audit, outbox, fakeSigner(), fakeContext());
  const useCase = new IssueRefund(new BookingAccess(bookings), payments, issuer);
  const b = booking();
  bookings.rows.push(b);
  return { bookings, payments, refunds, provider, audit, outbox, useCase, b };
}

const codeOf = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('IssueRefund', () => {
  it('refunds part of the payment through the provider, with receipt, audit, outbox event and next actions', async () => {
    const { useCase, b, payments, provider, audit, outbox, refunds } = setup();
    const payment = payments.add(b.id, 20000);
    const outcome = await useCase.execute({ bookingId: b.id, amount: 5000, reason: 'goodwill' }, adminActor());
    const refund = refunds.rows[0];
    expect(outcome.data).toEqual(refundView(refund));
    expect(outcome.meta.status).toBe(201);
    expect(outcome.meta.receipt).toMatchObject({ kind: 'refund_issued', subject: { refund_id: refund.id, amount: 5000, currency: 'EUR' } });
    expect(provider.refunds).toEqual([
      { tenantId: b.tenantId, idempotencyKey: `refund:${payment.id}:0:5000`, chargeReference: payment.providerReference, amount: eur(5000) },
    ]);
    expect(payments.rows[0]).toMatchObject({ state: 'partially_refunded', refunded: eur(5000) });
    expect(audit.events).toEqual([
      expect.objectContaining({
        type: 'refund.issued',
        bookingId: b.id,
        actor: { kind: 'admin', id: adminActor().principalId },
        data: { refund_id: refund.id, amount: eur(5000), payment_state: 'partially_refunded', reason: 'goodwill' },
      }),
    ]);
    expect(outbox.events).toEqual([
      expect.objectContaining({ type: 'refund.issued', aggregateType: 'refund', aggregateId: refund.id, payload: refundView(refund) }),
    ]);
    expect(outcome.meta.next_actions?.map((a) => a.rel)).toEqual(['get_refund', 'get', 'issue_refund']);
    expect(outcome.meta.next_actions?.[2].body_hint).toEqual({ amount: 15000, reason: '<optional reason>' });
  });

  it('refuses more than remains with detail.remaining, and a fully refunded payment', async () => {
    const { useCase, b, payments, provider } = setup();
    payments.add(b.id, 20000, 15000);
    const over = await codeOf(useCase.execute({ bookingId: b.id, amount: 6000 }, adminActor()));
    expect(over.code).toBe('refund_exceeds_remaining');
    expect(over.detail.remaining).toEqual(eur(5000));
    const rest = await useCase.execute({ bookingId: b.id, amount: 5000 }, adminActor());
    expect(rest.meta.next_actions?.map((a) => a.rel)).toEqual(['get_refund', 'get']);
    const done = await codeOf(useCase.execute({ bookingId: b.id, amount: 1 }, adminActor()));
    expect(done.code).toBe('payment_not_refundable');
    expect(done.detail).toEqual({ booking_id: b.id, state: 'refunded' });
    expect(provider.refunds).toHaveLength(1);
  });

  it('answers no_capturable_payment without a payment', async () => {
    const { useCase, b } = setup();
    expect((await codeOf(useCase.execute({ bookingId: b.id, amount: 1 }, adminActor()))).code).toBe('no_capturable_payment');
  });

  it('is admin only and hides other tenants', async () => {
    const { useCase, b, payments } = setup();
    payments.add(b.id, 20000);
    expect((await codeOf(useCase.execute({ bookingId: b.id, amount: 1 }, agentActor()))).code).toBe('principal_kind_not_allowed');
    const outsider = adminActor(undefined, '99999999-9999-4999-8999-999999999999');
    expect((await codeOf(useCase.execute({ bookingId: b.id, amount: 1 }, outsider))).code).toBe('booking_not_found');
  });

  it('fails with payment_provider_error when the provider cannot refund (the transaction rolls back)', async () => {
    const { useCase, b, payments, provider, refunds } = setup();
    payments.add(b.id, 20000);
    provider.failWith = 'down';
    const e = await codeOf(useCase.execute({ bookingId: b.id, amount: 100 }, adminActor()));
    expect(e.code).toBe('payment_provider_error');
    expect(e.detail).toEqual({ provider_message: 'down' });
    expect(refunds.rows).toEqual([]);
  });
});
