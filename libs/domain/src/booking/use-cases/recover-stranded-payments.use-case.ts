import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
import { PaymentRepository } from '../ports/chain.repositories';
import { ConfirmBooking } from './confirm-booking.use-case';

/**
 * How long after the payment budget an attempt still pending counts as stranded. A live api
 * process settles its attempt within PAYMENT_TIMEOUT_MS plus the provider's own answer time; the
 * margin keeps the sweep out of its way (and a race would be harmless: the provider charges an
 * attempt once and the hold moves out of `converting` once).
 */
export const STRANDED_AFTER_BUDGET_MS = 60_000;

/**
 * The worker's answer to an api process that died mid-payment: its hold would stay `converting`
 * (room held, traveler unanswered) until someone replays the request. The sweep resumes every such
 * attempt through the same charge-and-book steps a replay runs.
 */
@Injectable()
export class RecoverStrandedPayments {
  private readonly logger = new Logger('RecoverStrandedPayments');

  constructor(
    private readonly payments: PaymentRepository,
    private readonly confirm: ConfirmBooking,
    private readonly config: AppConfig,
  ) {}

  async sweep(limit = 50): Promise<Record<'confirmed' | 'declined' | 'failed' | 'skipped', number>> {
    const startedBefore = new Date(Date.now() - this.config.paymentTimeoutMs - STRANDED_AFTER_BUDGET_MS);
    const counts = { confirmed: 0, declined: 0, failed: 0, skipped: 0 };
    for (const attempt of await this.payments.listStranded(startedBefore, limit)) {
      const outcome = await this.confirm.resume(attempt);
      counts[outcome] += 1;
      this.logger.warn(`resumed stranded payment attempt ${attempt.id} of hold ${attempt.holdId}: ${outcome}`);
    }
    return counts;
  }
}
