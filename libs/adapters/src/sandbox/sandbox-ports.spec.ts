import { AsyncLocalStorage } from 'node:async_hooks';
import { ClsService } from 'nestjs-cls';
import { ChainRecorder, CreateHold, DomainError, ExpireHold } from '@hcs/domain';
import type { AppConfig } from '@hcs/platform';
import { RequestContext, SandboxScenarioContext } from '@hcs/platform';
import { agentActor, holdRecord, quoteRecord } from '../../../domain/src/testing/chain-fixtures';
import { FakeAudit, FakeNights, FakeOutbox, fakeContext } from '../../../domain/src/testing/fake-chain-ports';
import { FakeHoldExpiryScheduler, FakeHoldReservation, FakeHolds, FakeQuotes } from '../../../domain/src/testing/fake-hold-ports';
import type { SandboxEffects } from './sandbox-effects';
import { SandboxHoldRepository, SandboxQuoteRepository, sandboxPortDecorations } from './sandbox-ports';
import { SandboxScenarios } from './sandbox-scenarios';

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

/**
 * The scenarios as the use cases meet them: the real CreateHold over the domain's fakes, its quote
 * port wrapped as the sandbox wiring wraps it, after the api accepted the scenario for the caller.
 */
describe('sandbox port wrappers', () => {
  const cls = new ClsService(new AsyncLocalStorage());
  const calls: string[] = [];
  const effects = {
    expireQuoteNow: async (tenantId: string, quoteId: string) => {
      calls.push(`quote ${quoteId}`);
      return new Date('2030-01-01T00:00:00Z');
    },
    expireHoldNow: async (tenantId: string, holdId: string) => {
      calls.push(`hold ${holdId}`);
      return new Date('2030-01-01T00:00:00Z');
    },
  } as unknown as SandboxEffects;
  const scenarios = new SandboxScenarios(new SandboxScenarioContext(cls), effects, { traceId: 'trace-1' } as RequestContext, cls);

  function setup() {
    calls.length = 0;
    const quotes = new FakeQuotes();
    const holds = new FakeHolds(quotes);
    const nights = new FakeNights(1);
    const audit = new FakeAudit();
    const context = fakeContext();
    const expiry = new ExpireHold(holds, quotes, nights, audit, new FakeOutbox(), context);
    const wrapped = new SandboxQuoteRepository(quotes, scenarios);
    const reservation = new FakeHoldReservation(holds, nights);
    const config = { holdTtlSeconds: 900 } as AppConfig;
    const useCase = new CreateHold(
      wrapped,
      reservation,
      holds,
      nights,
      new ChainRecorder(audit, new FakeOutbox(), context),
      new FakeHoldExpiryScheduler(),
      expiry,
      config,
    );
    quotes.stockFrom(nights, holds);
    const quote = quoteRecord();
    quotes.rows.push(quote);
    return { nights, useCase, quote };
  }

  const failure = async (p: Promise<unknown>) => {
    const e = await p.catch((error: unknown) => error);
    expect(e).toBeInstanceOf(DomainError);
    return e as DomainError;
  };

  it('sold_out: the hold answers allotment_exhausted with every night and reserves nothing', () =>
    cls.run(async () => {
      const { nights, useCase, quote } = setup();
      await scenarios.accepted('sold_out', agentActor());
      const e = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      expect(e.code).toBe('allotment_exhausted');
      expect(e.detail).toEqual({ quote_id: quote.id, room_type_id: quote.roomTypeId, dates: ['2099-05-10', '2099-05-11'] });
      expect(e.nextActions?.map((a) => a.rel)).toEqual(['search']);
      expect([...nights.nights.values()].every((n) => n.held === 0)).toBe(true);
      expect(calls).toEqual([]);
      // another agent's quote is refused as without the scenario
      const denied = await failure(useCase.execute({ quoteId: quote.id }, agentActor('99999999-9999-4999-8999-999999999999')));
      expect(denied.code).toBe('resource_access_denied');
    }));

  it("quote_expired: the caller's quote ends now and the hold answers quote_expired; another agent's is left alone", () =>
    cls.run(async () => {
      const { useCase, quote } = setup();
      const stranger = agentActor('99999999-9999-4999-8999-999999999999');
      await scenarios.accepted('quote_expired', stranger);
      expect((await failure(useCase.execute({ quoteId: quote.id }, stranger))).code).toBe('resource_access_denied');
      expect(calls).toEqual([]);
      await scenarios.accepted('quote_expired', agentActor());
      const e = await failure(useCase.execute({ quoteId: quote.id }, agentActor()));
      expect(e.code).toBe('quote_expired');
      expect(e.detail).toEqual({ quote_id: quote.id, expired_at: '2030-01-01T00:00:00.000Z' });
      expect(calls).toEqual([`quote ${quote.id}`]);
    }));

  it('hold_expired: the hold is made due only by its expiry, not by any other transition', () =>
    cls.run(async () => {
      calls.length = 0;
      const quote = quoteRecord();
      const hold = holdRecord(quote);
      const holds = new FakeHolds(new FakeQuotes());
      holds.rows.push(hold);
      const wrapped = new SandboxHoldRepository(holds, scenarios);
      await scenarios.accepted('hold_expired', agentActor());
      const found = await wrapped.findWithQuote(hold.tenantId, hold.id);
      expect(found?.hold).toMatchObject({ id: hold.id, expired: true });
      await wrapped.transition(hold.tenantId, hold.id, ['held'], 'released', { onlyIfLive: true }).catch(() => null);
      expect(calls).toEqual([]);
      await wrapped.transition(hold.tenantId, hold.id, ['held'], 'expired', { onlyIfExpired: true }).catch(() => null);
      expect(calls).toEqual([`hold ${hold.id}`]);
      expect(found?.hold.expiresAt.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    }));

  it('wraps nothing in production', () => {
    expect(sandboxPortDecorations({ nodeEnv: 'production' } as AppConfig)).toEqual([]);
    expect(sandboxPortDecorations({ nodeEnv: 'development' } as AppConfig)).toHaveLength(3);
  });
});
