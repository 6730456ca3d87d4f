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

/**
 * Test-only fault (docs/operations-faults.md): the process dies with SIGKILL right after the
 * provider charged, before the booking commits, as a crash at the worst moment would. Bound only
 * when NODE_ENV=test and FAULT_EXIT_AFTER_CHARGE=true (see `paymentProviderFor`); inert otherwise.
 */
export class ExitAfterChargeFault extends PaymentProvider {
  constructor(private readonly provider: PaymentProvider) {
    super();
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const result = await this.provider.charge(request);
    if (result.outcome === 'succeeded') process.kill(process.pid, 'SIGKILL');
    return result;
  }

  guarantee(request: GuaranteeRequest): Promise<GuaranteeResult> {
    return this.provider.guarantee(request);
  }

  async chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    const result = await this.provider.chargeOffSession(request);
    if (result.outcome === 'succeeded') process.kill(process.pid, 'SIGKILL');
    return result;
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return this.provider.refund(request);
  }
}

/** The provider to bind: the real one, wrapped by the fault only in a test process that asks for it. */
export function paymentProviderFor(provider: PaymentProvider, config: { nodeEnv: string; faultExitAfterCharge: boolean }): PaymentProvider {
  return config.nodeEnv === 'test' && config.faultExitAfterCharge ? new ExitAfterChargeFault(provider) : provider;
}
