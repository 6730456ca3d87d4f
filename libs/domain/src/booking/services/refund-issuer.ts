import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { RequestContext } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Money } from '../../money/money';
import type { AuditActor, BookingRecord, PaymentRecord, RefundRecord, Traveler } from '../chain.types';
import { AuditLog } from '../ports/audit-log';
import { OutboxWriter } from '../ports/outbox-writer';
import { PaymentRepository } from '../ports/payment.repository';
import { RefundRepository } from '../ports/refund.repository';
import { PaymentProvider } from '../ports/payment-provider';
import { ReceiptSigner } from './receipt-signer';
import { refusesRefund } from '../rules/refund-amount';
import { refundView } from '../views';
import { bookingChain, chainAuditEvent } from '../rules/audit-entry';

export interface RefundOrder {
  /** Given when the caller already names the refund (a cancellation stores it); else a new id. */
  refundId?: string;
  booking: BookingRecord;
  payment: PaymentRecord | null;
  amount: Money;
  reason: string | null;
  actor: AuditActor;
  traveler: Traveler | null;
}

/** The refund rule's refusal as the catalogued error. */
export function refundRefusalError(payment: PaymentRecord | null, amount: number, bookingId: string): DomainError | null {
  const refusal = refusesRefund(payment, amount);
  if (!refusal) return null;
  if (refusal.code === 'no_capturable_payment') return new DomainError('no_capturable_payment', { detail: { booking_id: bookingId } });
  if (refusal.code === 'payment_not_refundable') return new DomainError('payment_not_refundable', { detail: { booking_id: bookingId, state: refusal.state } });
  return new DomainError('refund_exceeds_remaining', {
    detail: { booking_id: bookingId, remaining: refusal.remaining, requested: { amount, currency: refusal.remaining.currency } },
  });
}

/**
 * The provider's idempotency key of a refund, derived from our own record: the payment, what was
 * refunded of it before this refund, and this refund's amount. A transaction that rolls back after
 * the provider refunded (a crash before the commit) leaves the refunded total as it was, so its
 * retry asks the provider again under the same key and gets the first refund back instead of a
 * second one; once a refund commits, the total moves and the next refund has a key of its own.
 */
export function refundIdempotencyKey(paymentId: string, refundedBefore: number, amount: number): string {
  return `refund:${paymentId}:${refundedBefore}:${amount}`;
}

/**
 * Issues one refund of a booking's payment inside the caller's transaction (cancel and admin
 * refunds share it): the payment's refunded total grows by a conditional UPDATE (so concurrent
 * refunds can never exceed what was captured), the provider refunds under a key derived from the
 * payment's refunded total (`refundIdempotencyKey`), and the refund row, its signed refund_issued receipt, the audit entry and the
 * outbox event are written with it.
 */
@Injectable()
export class RefundIssuer {
  constructor(
    private readonly payments: PaymentRepository,
    private readonly refunds: RefundRepository,
    private readonly provider: PaymentProvider,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly signer: ReceiptSigner,
    private readonly context: RequestContext,
  ) {}

  async issue(order: RefundOrder): Promise<{ refund: RefundRecord; payment: PaymentRecord }> {
    const { booking, amount } = order;
    const refused = refundRefusalError(order.payment, amount.amount, booking.id);
    if (refused) throw refused;
    const payment = order.payment as PaymentRecord;
    const finalPayment = await this.payments.refund(booking.tenantId, payment.id, amount.amount);
    if (!finalPayment) {
      // Another refund committed since `payment` was read: decide again on the current row.
      const current = await this.payments.findByBooking(booking.tenantId, booking.id);
      throw refundRefusalError(current, amount.amount, booking.id) ?? new DomainError('refund_exceeds_remaining', { detail: { booking_id: booking.id } });
    }
    const refundId = order.refundId ?? randomUUID();
    const provided = await this.provider.refund({
      tenantId: booking.tenantId,
      idempotencyKey: refundIdempotencyKey(payment.id, finalPayment.refunded.amount - amount.amount, amount.amount),
      chargeReference: payment.providerReference,
      amount,
    });
    if (provided.outcome !== 'succeeded') {
      throw new DomainError('payment_provider_error', { message: 'The payment provider could not refund.', detail: { provider_message: provided.message } });
    }
    const receipt = await this.signer.sign(booking.tenantId, 'refund_issued', {
      refund_id: refundId,
      booking_id: booking.id,
      tenant_id: booking.tenantId,
      amount: amount.amount,
      currency: amount.currency,
      issued_at: new Date().toISOString(),
    });
    const refund = await this.refunds.create({
      id: refundId,
      tenantId: booking.tenantId,
      bookingId: booking.id,
      paymentId: payment.id,
      amount,
      reason: order.reason,
      receipt,
    });
    const traceId = this.context.traceId;
    await this.audit.append(
      chainAuditEvent(
        bookingChain(booking),
        'refund.issued',
        { actor: order.actor, traveler: order.traveler, traceId },
        { refund_id: refundId, amount, payment_state: finalPayment.state, reason: order.reason },
      ),
    );
    await this.outbox.append({
      tenantId: booking.tenantId,
      type: 'refund.issued',
      aggregateType: 'refund',
      aggregateId: refundId,
      traceId,
      payload: refundView(refund),
    });
    return { refund, payment: finalPayment };
  }
}
