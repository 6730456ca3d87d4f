import { Injectable } from '@nestjs/common';
import { RequestContext, SandboxScenarioContext } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { HoldRecord, QuoteRecord } from '../chain.types';
import { nextActions } from '../next-actions';
import { SandboxEffects } from '../ports/sandbox-effects';
import { changedRate, sandboxPaymentToken } from '../rules/sandbox-scenario';

/**
 * The use cases' side of sandbox scenarios (docs/sandbox.md). The api accepts a scenario only
 * outside production and only on the operations that take it; here each one is turned into the
 * real condition (a quote or hold that ends now, a declining or slow card, a receiver that is down,
 * dearer nights) and the normal path then fails or succeeds as it really would.
 */
@Injectable()
export class SandboxScenarios {
  constructor(
    private readonly scenario: SandboxScenarioContext,
    private readonly effects: SandboxEffects,
    private readonly context: RequestContext,
  ) {}

  get current(): string | null {
    return this.scenario.current;
  }

  /** The api accepted a scenario for this request: record what must hold beyond it. */
  async accepted(scenario: string, tenantId: string): Promise<void> {
    this.scenario.set(scenario);
    if (scenario === 'webhook_receiver_down') await this.effects.markReceiverDown(tenantId, this.context.traceId);
  }

  /** `price_changed`: the nights of a requote cost 10% more than the rates. */
  rates(baseRate: number, dailyRates: Record<string, number>): { baseRate: number; dailyRates: Record<string, number> } {
    if (this.current !== 'price_changed') return { baseRate, dailyRates };
    return {
      baseRate: changedRate(baseRate),
      dailyRates: Object.fromEntries(Object.entries(dailyRates).map(([night, amount]) => [night, changedRate(amount)])),
    };
  }

  /** `quote_expired` ends the quote now (the hold then refuses it); `sold_out` refuses as a full night would. */
  async beforeHold(quote: QuoteRecord, nights: string[]): Promise<QuoteRecord> {
    if (this.current === 'quote_expired' && !quote.expired) {
      return { ...quote, expired: true, expiresAt: await this.effects.expireQuoteNow(quote.tenantId, quote.id) };
    }
    if (this.current === 'sold_out' && !quote.expired) {
      throw new DomainError('allotment_exhausted', {
        detail: { quote_id: quote.id, room_type_id: quote.roomTypeId, dates: nights },
        nextActions: [nextActions.search()],
      });
    }
    return quote;
  }

  /** `hold_expired` ends the hold now: the booking then expires it as a late one (rooms back, audit, webhook). */
  async beforeBooking(hold: HoldRecord): Promise<HoldRecord> {
    if (this.current !== 'hold_expired' || hold.state !== 'held' || hold.expired) return hold;
    const expiresAt = await this.effects.expireHoldNow(hold.tenantId, hold.id);
    return expiresAt ? { ...hold, expired: true, expiresAt } : hold;
  }

  /** The card token the provider is called with: the scenario's (declined, slow) or the caller's. */
  paymentToken(token: string): string {
    return sandboxPaymentToken(this.current) ?? token;
  }
}
