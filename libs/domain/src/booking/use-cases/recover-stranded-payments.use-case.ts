import { Injectable, Logger } from '@nestjs/common';
import { AppConfig, serializeError } from '@hcs/platform';
import { PaymentRepository } from '../ports/payment.repository';
import { SWEEP_MAX_ATTEMPTS, sweepErrorText } from '../rules/sweep-attempts';
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

  /**
   * Resumes every stranded attempt. One that fails unexpectedly is counted on its row and the sweep
   * goes on with the next (dead-lettered after SWEEP_MAX_ATTEMPTS).
   */
  async sweep(limit = 50): Promise<Record<'confirmed' | 'declined' | 'failed' | 'skipped' | 'waiting' | 'errored' | 'dead_lettered', number>> {
    const startedBefore = new Date(Date.now() - this.config.paymentTimeoutMs - STRANDED_AFTER_BUDGET_MS);
    const counts = { confirmed: 0, declined: 0, failed: 0, skipped: 0, waiting: 0, errored: 0, dead_lettered: 0 };
    for (const attempt of await this.payments.listStranded(startedBefore, limit)) {
      try {
        const outcome = await this.confirm.resume(attempt);
        counts[outcome] += 1;
        this.logger.warn(`resumed stranded payment attempt ${attempt.id} of hold ${attempt.holdId}: ${outcome}`);
      } catch (error) {
        counts.errored += 1;
        const failure = await this.payments.recordRecoveryFailure(attempt.tenantId, attempt.id, sweepErrorText(error), SWEEP_MAX_ATTEMPTS);
        if (failure.deadLettered) counts.dead_lettered += 1;
        const what = failure.deadLettered ? 'dead-lettered' : `will retry (attempt ${failure.attempts} of ${SWEEP_MAX_ATTEMPTS})`;
        this.logger.error(
          { err: serializeError(error), tenant_id: attempt.tenantId, attempt_id: attempt.id },
          `stranded payment attempt ${attempt.id} could not be resumed; ${what}`,
        );
      }
    }
    return counts;
  }
}
