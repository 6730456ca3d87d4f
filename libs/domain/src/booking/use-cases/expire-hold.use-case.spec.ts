import type { RequestContext } from '@hcs/platform';
import type { AuditLog } from '../ports/audit-log';
import type { HoldRepository, SweepFailure } from '../ports/hold.repository';
import type { OutboxWriter } from '../ports/outbox-writer';
import type { QuoteRepository } from '../ports/quote.repository';
import type { RoomNightReservations } from '../ports/room-night-reservations';
import { SWEEP_MAX_ATTEMPTS } from '../rules/sweep-attempts';
import { ExpireHold } from './expire-hold.use-case';

/**
 * The backstop sweep's per-row handling with fake ports; `expireDue` itself (one SQL transaction)
 * is covered end to end. The fake `listExpiredHeld` answers like the SQL read: the held holds not
 * expired yet and not dead-lettered, oldest first, at most `limit`.
 */
describe('ExpireHold.sweep (the backstop)', () => {
  function setup(ids: string[], failing: Set<string> = new Set(), attemptsSoFar = 0) {
    const open = new Set(ids);
    const reads: Array<{ limit: number; overdueMs: number | undefined }> = [];
    const failures: Array<{ holdId: string; error: string; max: number }> = [];
    const holds = {
      listExpiredHeld: async (limit: number, overdueMs?: number) => {
        reads.push({ limit, overdueMs });
        return [...open].slice(0, limit).map((holdId) => ({ tenantId: 't1', holdId }));
      },
      recordExpiryFailure: async (_tenantId: string, holdId: string, error: string, max: number): Promise<SweepFailure> => {
        failures.push({ holdId, error, max });
        const deadLettered = attemptsSoFar + 1 >= max;
        if (deadLettered) open.delete(holdId);
        return { attempts: attemptsSoFar + 1, deadLettered };
      },
    } as unknown as HoldRepository;
    const useCase = new ExpireHold(holds, {} as QuoteRepository, {} as RoomNightReservations, {} as AuditLog, {} as OutboxWriter, {} as RequestContext);
    const expired: string[] = [];
    jest.spyOn(useCase, 'expireDue').mockImplementation(async (_tenantId, holdId) => {
      if (failing.has(holdId)) throw new Error(`broken row ${holdId}`);
      open.delete(holdId);
      expired.push(holdId);
      return 'expired';
    });
    return { useCase, expired, failures, reads };
  }

  it('costs one read and nothing else when no hold is overdue', async () => {
    const { useCase, expired, reads } = setup([]);
    await expect(useCase.sweep(500, { overdueMs: 3000 })).resolves.toEqual({ expired: 0, failed: 0, dead_lettered: 0 });
    expect(reads).toEqual([{ limit: 500, overdueMs: 3000 }]);
    expect(expired).toEqual([]);
  });

  it('expires the overdue holds, reading again after a full batch until a short one', async () => {
    const { useCase, expired, reads } = setup(['h1', 'h2', 'h3', 'h4', 'h5']);
    await expect(useCase.sweep(2)).resolves.toEqual({ expired: 5, failed: 0, dead_lettered: 0 });
    expect(expired).toEqual(['h1', 'h2', 'h3', 'h4', 'h5']);
    // 2 + 2 + 1: the short batch ends the run.
    expect(reads).toHaveLength(3);
  });

  it('goes on past a row that fails and counts the failure on that row', async () => {
    const { useCase, expired, failures } = setup(['h1', 'h2', 'h3'], new Set(['h1']));
    await expect(useCase.sweep()).resolves.toEqual({ expired: 2, failed: 1, dead_lettered: 0 });
    expect(expired).toEqual(['h2', 'h3']);
    expect(failures).toEqual([{ holdId: 'h1', error: 'Error: broken row h1', max: SWEEP_MAX_ATTEMPTS }]);
  });

  it('does not spin on a full batch that expired nothing: the next run tries again', async () => {
    const { useCase, reads, failures } = setup(['h1', 'h2'], new Set(['h1', 'h2']));
    await expect(useCase.sweep(2)).resolves.toEqual({ expired: 0, failed: 2, dead_lettered: 0 });
    expect(reads).toHaveLength(1);
    expect(failures.map((f) => f.holdId)).toEqual(['h1', 'h2']);
  });

  it('reports a row dead-lettered at its last attempt', async () => {
    const { useCase } = setup(['h1', 'h2', 'h3'], new Set(['h2']), SWEEP_MAX_ATTEMPTS - 1);
    await expect(useCase.sweep()).resolves.toEqual({ expired: 2, failed: 1, dead_lettered: 1 });
  });
});
