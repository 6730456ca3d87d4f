import type { RequestContext } from '@hcs/platform';
import type { AuditLog } from '../ports/audit-log';
import type { HoldRepository, SweepFailure } from '../ports/hold.repository';
import type { OutboxWriter } from '../ports/outbox-writer';
import type { QuoteRepository } from '../ports/quote.repository';
import type { RoomNightReservations } from '../ports/room-night-reservations';
import { SWEEP_MAX_ATTEMPTS } from '../rules/sweep-attempts';
import { ExpireHold } from './expire-hold.use-case';

/** The sweep's per-row handling with fake ports; `expireDue` itself (one SQL transaction) is covered end to end. */
describe('ExpireHold.sweep', () => {
  function setup(failing: Set<string>, attemptsSoFar = 0) {
    const due = ['h1', 'h2', 'h3'].map((holdId) => ({ tenantId: 't1', holdId }));
    const failures: Array<{ holdId: string; error: string; max: number }> = [];
    const holds = {
      listExpiredHeld: async () => due,
      recordExpiryFailure: async (_tenantId: string, holdId: string, error: string, max: number): Promise<SweepFailure> => {
        failures.push({ holdId, error, max });
        return { attempts: attemptsSoFar + 1, deadLettered: attemptsSoFar + 1 >= max };
      },
    } as unknown as HoldRepository;
    const useCase = new ExpireHold(holds, {} as QuoteRepository, {} as RoomNightReservations, {} as AuditLog, {} as OutboxWriter, {} as RequestContext);
    const expired: string[] = [];
    jest.spyOn(useCase, 'expireDue').mockImplementation(async (_tenantId, holdId) => {
      if (failing.has(holdId)) throw new Error(`broken row ${holdId}`);
      expired.push(holdId);
      return 'expired';
    });
    return { useCase, expired, failures };
  }

  it('goes on past a row that fails and counts the failure on that row', async () => {
    const { useCase, expired, failures } = setup(new Set(['h1']));
    await expect(useCase.sweep()).resolves.toEqual({ expired: 2, failed: 1, dead_lettered: 0 });
    expect(expired).toEqual(['h2', 'h3']);
    expect(failures).toEqual([{ holdId: 'h1', error: 'Error: broken row h1', max: SWEEP_MAX_ATTEMPTS }]);
  });

  it('reports a row dead-lettered at its last attempt', async () => {
    const { useCase } = setup(new Set(['h2']), SWEEP_MAX_ATTEMPTS - 1);
    await expect(useCase.sweep()).resolves.toEqual({ expired: 2, failed: 1, dead_lettered: 1 });
  });
});
