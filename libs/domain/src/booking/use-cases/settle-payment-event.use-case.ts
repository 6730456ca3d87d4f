import { Injectable } from '@nestjs/common';
import { PaymentProviderEvent, PaymentProviderEventLog } from '../ports/payment-provider-events';
import { PaymentRepository } from '../ports/payment.repository';
import { ConfirmBooking } from './confirm-booking.use-case';

/** The provider's event types that can end a payment attempt still waiting (for the traveler, or for an answer). */
export const SETTLING_EVENT_TYPES: ReadonlySet<string> = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PaymentEventResult = 'duplicate' | 'ignored' | 'confirmed' | 'declined' | 'failed' | 'skipped' | 'waiting';

/**
 * A verified provider event (the Stripe webhook, docs/payments.md "Webhook"). Taken once
 * by its event id; a charge event of one of our booking attempts still pending settles that
 * attempt the way the worker's recovery does (`ConfirmBooking.resume`): the provider is asked
 * again under the attempt's own key and its answer, now final, books or gives the hold back.
 * Other events are acknowledged and change nothing. A handling that fails gives the event id back,
 * so that the provider's next delivery tries again.
 */
@Injectable()
export class SettlePaymentEvent {
  constructor(
    private readonly events: PaymentProviderEventLog,
    private readonly payments: PaymentRepository,
    private readonly confirm: ConfirmBooking,
  ) {}

  async execute(event: PaymentProviderEvent): Promise<PaymentEventResult> {
    if (!(await this.events.claim(event.provider, event.id, event.type))) return 'duplicate';
    try {
      return await this.settle(event);
    } catch (error) {
      await this.events.release(event.provider, event.id);
      throw error;
    }
  }

  private async settle(event: PaymentProviderEvent): Promise<PaymentEventResult> {
    if (!SETTLING_EVENT_TYPES.has(event.type)) return 'ignored';
    return this.settleAttempt(event.tenantId, event.idempotencyKey);
  }

  /**
   * Settles the pending booking attempt whose provider key is `idempotencyKey` (our charges carry
   * the attempt's id; balances and fees carry keys of their own and are left alone). The sandbox's
   * authentication page calls it directly, its ledger being the provider.
   */
  async settleAttempt(tenantId: string | null, idempotencyKey: string | null): Promise<PaymentEventResult> {
    if (!tenantId || !idempotencyKey || !UUID.test(tenantId) || !UUID.test(idempotencyKey)) return 'ignored';
    const attempt = await this.payments.findAttemptById(tenantId, idempotencyKey);
    if (!attempt || attempt.state !== 'pending') return 'ignored';
    return this.confirm.resume(attempt);
  }
}
