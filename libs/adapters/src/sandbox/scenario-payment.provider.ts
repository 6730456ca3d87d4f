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
import type { SandboxScenarioContext } from '@hcs/platform';
import type { SandboxPaymentProvider } from './sandbox-payment.provider';
import { sandboxPaymentToken } from './sandbox-scenario';

/**
 * Decorator of the sandbox payment provider for the payment scenarios (docs/sandbox.md): under
 * `payment_declined` or `payment_timeout_then_confirmed` the charge behaves as the scenario's card
 * (a declining or a slow one), so the decline or the late success is the provider's real answer.
 * The sandbox's ledger keeps the caller's card for the key, so a replay or the worker's recovery
 * of the attempt, which carry no scenario, find the same charge. Without a scenario it passes
 * everything through.
 */
export class ScenarioPaymentProvider extends PaymentProvider {
  constructor(
    private readonly sandbox: Pick<SandboxPaymentProvider, 'charge' | 'chargeAs' | 'guarantee' | 'chargeOffSession' | 'refund'>,
    private readonly scenario: Pick<SandboxScenarioContext, 'current'>,
  ) {
    super();
  }

  /** The card a charge of `token` behaves as under the current scenario. */
  behavesAs(token: string): string {
    return sandboxPaymentToken(this.scenario.current) ?? token;
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    const card = sandboxPaymentToken(this.scenario.current);
    return card ? this.sandbox.chargeAs(request, card) : this.sandbox.charge(request);
  }

  guarantee(request: GuaranteeRequest): Promise<GuaranteeResult> {
    return this.sandbox.guarantee(request);
  }

  chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    return this.sandbox.chargeOffSession(request);
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.sandbox.refund(request);
  }
}
