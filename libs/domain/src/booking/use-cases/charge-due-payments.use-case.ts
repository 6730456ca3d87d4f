import { Injectable, Logger } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AppConfig, serializeError } from '@hcs/platform';
import type { AuditActor } from '../chain.types';
import { BookingRepository } from '../ports/booking.repository';
import { ChargeSettlement, ClaimedCharge, PaymentSchedule } from '../ports/payment-schedule';
import { ChargeResult, PaymentProvider } from '../ports/payment-provider';
import { PaymentRepository } from '../ports/payment.repository';
import { bookingChain, chainAuditEvent } from '../rules/audit-entry';
import { nextAttemptAt, scheduleChargeKey } from '../rules/payment-terms';
import { ChainRecorder } from '../services/chain-recorder';
import { bookingView } from '../views';

const SYSTEM: AuditActor = { kind: 'system', id: 'payment-schedule' };

/** How long a claimed attempt is its worker's: well past the provider's answer, so a live worker is never overtaken. */
export function chargeClaimLeaseMs(paymentTimeoutMs: number): number {
  return Math.max(60_000, paymentTimeoutMs * 3);
}

export type DueChargeOutcome = 'captured' | 'retrying' | 'failed' | 'skipped';

/** The audit and event names of an entry's kind: `payment.balance_*`, `payment.fee_*`. */
const eventPrefix = (kind: ClaimedCharge['kind']) => (kind === 'balance' ? 'payment.balance' : 'payment.fee');

/**
 * The worker's charges of what falls due (docs/payments.md "Balances and fees the worker charges"):
 * a deposit's balance on its due date, a cancellation fee above what was captured right after the
 * cancel. Each attempt is claimed in the database BEFORE the provider is called, under a key derived
 * from the entry and the attempt number; a declined attempt is retried after 1 h, 6 h and 24 h
 * under new numbers; the last decline fails the entry (a balance leaves the payment `overdue`).
 */
@Injectable()
export class ChargeDuePayments {
  private readonly logger = new Logger('ChargeDuePayments');

  constructor(
    private readonly schedule: PaymentSchedule,
    private readonly provider: PaymentProvider,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly recorder: ChainRecorder,
    private readonly config: AppConfig,
  ) {}

  /** Every entry due now (or whose claim lapsed), one by one; one failing is logged and the sweep goes on. */
  async sweep(limit = 50): Promise<Record<DueChargeOutcome | 'errored', number>> {
    const counts = { captured: 0, retrying: 0, failed: 0, skipped: 0, errored: 0 };
    for (const due of await this.schedule.listDue(limit)) {
      try {
        counts[await this.chargeOne(due.tenantId, due.entryId)] += 1;
      } catch (error) {
        counts.errored += 1;
        this.logger.error(
          { err: serializeError(error), tenant_id: due.tenantId, entry_id: due.entryId },
          `scheduled charge ${due.entryId} failed; its claim lapses and the next sweep takes it over`,
        );
      }
    }
    return counts;
  }

  /** Claims the entry's attempt, asks the provider once under its key (outside any transaction), records how it ended. */
  async chargeOne(tenantId: string, entryId: string): Promise<DueChargeOutcome> {
    const claimed = await this.schedule.claim(tenantId, entryId, chargeClaimLeaseMs(this.config.paymentTimeoutMs));
    if (!claimed) return 'skipped';
    const result: ChargeResult = claimed.cardReference
      ? await this.provider
          .chargeOffSession({
            tenantId,
            idempotencyKey: scheduleChargeKey(entryId, claimed.attempt),
            amount: claimed.amount,
            cardReference: claimed.cardReference,
            description: `${claimed.kind === 'balance' ? 'balance' : 'cancellation fee'} of booking ${claimed.bookingId}`,
          })
          .catch((error: unknown) => ({ outcome: 'error' as const, message: error instanceof Error ? error.message : 'payment provider failed' }))
      : { outcome: 'declined', message: 'No card was kept for this booking.' };
    let settlement: ChargeSettlement;
    if (result.outcome === 'succeeded') settlement = { kind: 'captured', providerReference: result.reference };
    else {
      // A decline and a provider failure alike: the next attempt, under a new key, after the retry delay.
      // A card that asks its holder to authenticate cannot be charged with nobody present: a decline.
      const message = result.outcome === 'action_required' ? 'The card requires its holder to authenticate this charge.' : result.message;
      const next = nextAttemptAt(claimed.attempt, new Date());
      settlement = next ? { kind: 'retry', message, nextAttemptAt: next } : { kind: 'failed', message };
    }
    return this.record(claimed, settlement);
  }

  /** The entry, the payment, the audit entry and (for a final outcome) the event, in one transaction. */
  @Transactional()
  private async record(claimed: ClaimedCharge, settlement: ChargeSettlement): Promise<DueChargeOutcome> {
    if (!(await this.schedule.settle(claimed.tenantId, claimed.entryId, claimed.attempt, settlement))) return 'skipped';
    const booking = await this.bookings.findById(claimed.tenantId, claimed.bookingId);
    if (!booking) return 'skipped';
    const prefix = eventPrefix(claimed.kind);
    const type = settlement.kind === 'captured' ? `${prefix}_captured` : settlement.kind === 'failed' ? `${prefix}_failed` : `${prefix}_declined`;
    const data: Record<string, unknown> = { kind: claimed.kind, amount: claimed.amount, attempt: claimed.attempt };
    if (settlement.kind === 'captured') data.provider_reference = settlement.providerReference;
    else data.provider_message = settlement.message;
    if (settlement.kind === 'retry') data.next_attempt_at = settlement.nextAttemptAt.toISOString();
    await this.recorder.append(
      chainAuditEvent(bookingChain(booking), type, { actor: SYSTEM, traveler: booking.traveler, traceId: this.recorder.traceId }, data),
    );
    if (settlement.kind !== 'retry') {
      const payment = await this.payments.findByBooking(claimed.tenantId, claimed.bookingId);
      await this.recorder.publish({
        tenantId: claimed.tenantId,
        type,
        aggregateType: 'booking',
        aggregateId: booking.id,
        payload: bookingView(booking, payment),
      });
    }
    return settlement.kind === 'captured' ? 'captured' : settlement.kind === 'failed' ? 'failed' : 'retrying';
  }
}
