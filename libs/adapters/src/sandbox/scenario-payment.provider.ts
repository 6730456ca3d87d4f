import { ChargeRequest, ChargeResult, PaymentProvider, RefundRequest, RefundResult } from '@hcs/domain';
import type { SandboxScenarioContext } from '@hcs/platform';
import { sandboxPaymentToken } from './sandbox-scenario';

/**
 * Decorator of the payment port for the payment scenarios (docs/sandbox.md): under
 * `payment_declined` or `payment_timeout_then_confirmed` the provider is asked with the scenario's
 * card token (a declining or a slow card) instead of the caller's, so the decline or the late
 * success is the provider's real answer. Without a scenario it passes everything through.
 */
export class ScenarioPaymentProvider extends PaymentProvider {
  constructor(
    private readonly inner: PaymentProvider,
    private readonly scenario: Pick<SandboxScenarioContext, 'current'>,
  ) {
    super();
  }

  /** The card token the provider is asked with for `token` under the current scenario. */
  cardToken(token: string): string {
    return sandboxPaymentToken(this.scenario.current) ?? token;
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.inner.charge({ ...request, token: this.cardToken(request.token) });
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.inner.refund(request);
  }
}
