import {
  ChargeRequest,
  ChargeResult,
  GuaranteeRequest,
  GuaranteeResult,
  OffSessionChargeRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '@hcs/domain';
import type { Metrics } from '@hcs/platform';

/**
 * Decorator of the payment port: counts every charge by outcome and times the provider call
 * (`hcs_payment_outcomes_total`, `hcs_payment_provider_duration_seconds`; docs/operations.md).
 * A thrown error is counted as `exception` and rethrown untouched.
 */
export class MeteredPaymentProvider extends PaymentProvider {
  constructor(
    private readonly inner: PaymentProvider,
    private readonly metrics: Metrics,
  ) {
    super();
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.metered(() => this.inner.charge(request));
  }

  chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    return this.metered(() => this.inner.chargeOffSession(request));
  }

  /** Guarantees are passed through (they charge nothing). */
  guarantee(request: GuaranteeRequest): Promise<GuaranteeResult> {
    return this.inner.guarantee(request);
  }

  private async metered(call: () => Promise<ChargeResult>): Promise<ChargeResult> {
    const stop = this.metrics.paymentDuration.startTimer();
    try {
      const result = await call();
      this.metrics.paymentOutcomes.inc({ outcome: result.outcome });
      stop({ outcome: result.outcome });
      return result;
    } catch (error) {
      this.metrics.paymentOutcomes.inc({ outcome: 'exception' });
      stop({ outcome: 'exception' });
      throw error;
    }
  }

  /** Refunds are passed through (the payment metrics count charges). */
  refund(request: RefundRequest): Promise<RefundResult> {
    return this.inner.refund(request);
  }
}
