import { AsyncLocalStorage } from 'node:async_hooks';
import { ClsService } from 'nestjs-cls';
import type { QuoteForHold, QuoteSource } from '@hcs/domain';
import { RequestContext, SandboxScenarioContext } from '@hcs/platform';
import { holdRecord, quoteRecord } from '../../../domain/src/testing/chain-fixtures';
import type { SandboxEffects } from './sandbox-effects';
import { SandboxScenarios } from './sandbox-scenarios';

/** The sandbox's SQL, recorded. */
class FakeEffects {
  calls: string[] = [];
  now = new Date('2030-01-01T00:00:00Z');
  async expireQuoteNow(tenantId: string, quoteId: string) {
    this.calls.push(`quote ${tenantId} ${quoteId}`);
    return this.now;
  }
  async expireHoldNow(tenantId: string, holdId: string) {
    this.calls.push(`hold ${tenantId} ${holdId}`);
    return this.now;
  }
  async markReceiverDown(tenantId: string, traceId: string) {
    this.calls.push(`down ${tenantId} ${traceId}`);
  }
}

describe('SandboxScenarios', () => {
  const cls = new ClsService(new AsyncLocalStorage());
  const inRequest = <T>(fn: () => Promise<T>) => cls.run(fn);
  let effects: FakeEffects;
  let sandbox: SandboxScenarios;
  const quote = quoteRecord();
  const caller = { tenantId: quote.tenantId, principalId: quote.agentId };
  const other = { tenantId: quote.tenantId, principalId: '99999999-9999-4999-8999-999999999999' };
  const read: QuoteForHold = { quote, fullByCounters: [] };
  const hold = holdRecord(quote);
  const source: QuoteSource = {
    property: null,
    roomType: null,
    ratePlan: { id: 'rp', currency: 'EUR', baseRateAmount: 10000, policyId: null, occupancyPricing: null },
    policy: null,
    dailyRates: { '2099-05-10': 15 },
    restrictions: {},
    dailyOccupancy: {},
  };

  beforeEach(() => {
    effects = new FakeEffects();
    sandbox = new SandboxScenarios(new SandboxScenarioContext(cls), effects as unknown as SandboxEffects, { traceId: 'trace-1' } as RequestContext, cls);
  });

  it('without a scenario changes nothing', () =>
    inRequest(async () => {
      await expect(sandbox.quoteForHold(read)).resolves.toBe(read);
      expect(sandbox.quoteSource(source)).toBe(source);
      const found = { hold, quote };
      expect(sandbox.holdForBooking(found)).toBe(found);
      await sandbox.beforeHoldExpiry(hold.tenantId, hold.id);
      expect(effects.calls).toEqual([]);
    }));

  it("sold_out reads every night of the caller's live quote as full and writes nothing", () =>
    inRequest(async () => {
      await sandbox.accepted('sold_out', caller);
      await expect(sandbox.quoteForHold(read)).resolves.toEqual({
        quote,
        fullByCounters: [
          { night: '2099-05-10', free: 0, reclaimable: 0 },
          { night: '2099-05-11', free: 0, reclaimable: 0 },
        ],
      });
      const expired = { ...read, quote: { ...quote, expired: true } };
      await expect(sandbox.quoteForHold(expired)).resolves.toBe(expired);
      expect(effects.calls).toEqual([]);
    }));

  it("quote_expired ends the caller's own quote for real, and leaves another agent's alone", () =>
    inRequest(async () => {
      await sandbox.accepted('quote_expired', other);
      await expect(sandbox.quoteForHold(read)).resolves.toBe(read);
      await sandbox.accepted('quote_expired', caller);
      await expect(sandbox.quoteForHold(read)).resolves.toMatchObject({ quote: { id: quote.id, expired: true, expiresAt: effects.now } });
      expect(effects.calls).toEqual([`quote ${quote.tenantId} ${quote.id}`]);
    }));

  it("hold_expired reads the caller's held hold as ending now and makes it due only when it is expired", () =>
    inRequest(async () => {
      await sandbox.accepted('hold_expired', other);
      expect(sandbox.holdForBooking({ hold, quote }).hold).toBe(hold);
      await sandbox.accepted('hold_expired', caller);
      expect(sandbox.holdForBooking({ hold: { ...hold, state: 'converting' as const }, quote }).hold.expired).toBe(false);
      const found = sandbox.holdForBooking({ hold, quote });
      expect(found.hold).toMatchObject({ id: hold.id, expired: true });
      expect(effects.calls).toEqual([]);
      await sandbox.beforeHoldExpiry(hold.tenantId, 'another-hold');
      expect(effects.calls).toEqual([]);
      await sandbox.beforeHoldExpiry(hold.tenantId, hold.id);
      expect(effects.calls).toEqual([`hold ${hold.tenantId} ${hold.id}`]);
      expect(found.hold.expiresAt).toBe(effects.now);
      await sandbox.beforeHoldExpiry(hold.tenantId, hold.id);
      expect(effects.calls).toHaveLength(1);
    }));

  it('price_changed raises every rate 10% in a copy; webhook_receiver_down marks the request trace', () =>
    inRequest(async () => {
      await sandbox.accepted('price_changed', caller);
      expect(sandbox.quoteSource(source)).toMatchObject({ ratePlan: { baseRateAmount: 11000 }, dailyRates: { '2099-05-10': 17 } });
      expect(source.ratePlan!.baseRateAmount).toBe(10000);
      await sandbox.accepted('webhook_receiver_down', caller);
      expect(effects.calls).toEqual([`down ${caller.tenantId} trace-1`]);
    }));
});
