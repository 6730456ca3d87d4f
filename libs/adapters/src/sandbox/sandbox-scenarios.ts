import { Injectable } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { HoldRecord, QuoteForHold, QuoteRecord, QuoteSource, stayNights } from '@hcs/domain';
import { RequestContext, SandboxScenarioContext } from '@hcs/platform';
import { SandboxEffects } from './sandbox-effects';
import { changedRate } from './sandbox-scenario';

/** Who sent the accepted scenario: its changes touch only that agent's own records. */
export interface ScenarioCaller {
  tenantId: string;
  principalId: string;
}

type HoldWithQuote = { hold: HoldRecord; quote: QuoteRecord | null } | null;

const CALLER = 'sandbox_scenario_caller';
const ENDING_HOLD = 'sandbox_scenario_ending_hold';

/**
 * Sandbox scenarios (docs/sandbox.md) inside the ports the use cases already call. The api accepts
 * a scenario only outside production and only on the operations that take it (`accepted`); the
 * port wrappers of `sandbox-ports.ts` then ask here what the scenario changes in what they read:
 * the real condition is made true (a quote or hold whose lifetime ends now, dearer nights, nights
 * with no room) and the use case's normal path runs into it, with all its effects.
 */
@Injectable()
export class SandboxScenarios {
  constructor(
    private readonly scenario: SandboxScenarioContext,
    private readonly effects: SandboxEffects,
    private readonly context: RequestContext,
    private readonly cls: ClsService,
  ) {}

  get current(): string | null {
    return this.scenario.current;
  }

  /**
   * The api accepted `scenario` from `caller` for this request (the `Sandbox-Scenario` header or
   * the MCP `sandbox_scenario` argument): it holds for the rest of the request, and what must
   * outlive the request is recorded now (`webhook_receiver_down`: the request's trace).
   */
  async accepted(scenario: string, caller: ScenarioCaller): Promise<void> {
    this.scenario.set(scenario);
    this.cls.set(CALLER, caller);
    if (scenario === 'webhook_receiver_down') await this.effects.markReceiverDown(caller.tenantId, this.context.traceId);
  }

  /** `price_changed`: the quote's source with every rate 10% dearer (a copy: the source may be a cached one). */
  quoteSource(source: QuoteSource): QuoteSource {
    if (this.current !== 'price_changed') return source;
    return {
      ...source,
      ratePlan: source.ratePlan && { ...source.ratePlan, baseRateAmount: changedRate(source.ratePlan.baseRateAmount) },
      dailyRates: Object.fromEntries(Object.entries(source.dailyRates).map(([night, amount]) => [night, changedRate(amount)])),
    };
  }

  /**
   * The hold's read of a live quote: `sold_out` reads every night of the stay with no room, so the
   * hold refuses it as a full stay (`allotment_exhausted`, nothing written); `quote_expired` ends
   * the caller's own quote now, for real, so the hold refuses it as expired. Someone else's quote
   * is read as it is (the use case refuses it).
   */
  async quoteForHold(read: QuoteForHold | null): Promise<QuoteForHold | null> {
    const scenario = this.current;
    if (!read || read.quote.expired) return read;
    if (scenario === 'sold_out') return { ...read, fullByCounters: stayNights(read.quote.stay).map((night) => ({ night, free: 0, reclaimable: 0 })) };
    if (scenario !== 'quote_expired' || !this.isCallers(read.quote)) return read;
    const expiresAt = await this.effects.expireQuoteNow(read.quote.tenantId, read.quote.id);
    return { ...read, quote: { ...read.quote, expired: true, expiresAt } };
  }

  /**
   * `hold_expired`: the booking's read of the caller's own live hold says it ends now. Its lifetime
   * really ends when the booking, past its other checks, expires it (`beforeHoldExpiry`), so a
   * booking refused for another reason (another quote, a client_reference already decided)
   * leaves it as it was.
   */
  holdForBooking<T extends HoldWithQuote>(found: T): T {
    if (this.current !== 'hold_expired' || !found) return found;
    const { hold } = found;
    if (hold.state !== 'held' || hold.expired || !this.isCallers(hold)) return found;
    const ending: HoldRecord = { ...hold, expired: true, expiresAt: new Date() };
    this.cls.set(ENDING_HOLD, ending);
    return { ...found, hold: ending };
  }

  /**
   * Before a hold is expired: the hold `hold_expired` ends is made due now in the database, and the
   * record the booking holds takes the lifetime written (its answer's `expired_at`).
   */
  async beforeHoldExpiry(tenantId: string, holdId: string): Promise<void> {
    const ending = this.cls.isActive() ? this.cls.get<HoldRecord | undefined>(ENDING_HOLD) : undefined;
    if (!ending || ending.tenantId !== tenantId || ending.id !== holdId) return;
    this.cls.set(ENDING_HOLD, undefined);
    const expiresAt = await this.effects.expireHoldNow(tenantId, holdId);
    if (expiresAt) ending.expiresAt = expiresAt;
  }

  private isCallers(record: { tenantId: string; agentId: string }): boolean {
    const caller = this.cls.isActive() ? this.cls.get<ScenarioCaller | undefined>(CALLER) : undefined;
    return !!caller && caller.tenantId === record.tenantId && caller.principalId === record.agentId;
  }
}
