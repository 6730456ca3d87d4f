import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import type { AuditActor } from '../chain.types';
import { AuditLog } from '../ports/audit-log';
import { DueHoldExpiry } from '../ports/due-hold-expiry';
import { OutboxWriter } from '../ports/outbox-writer';
import { holdExpiredEvents } from '../rules/hold-expired-events';

/** A hold whose expiry job has fired, with the trace its audit entry and event carry. */
export interface DueHoldJob {
  tenantId: string;
  holdId: string;
  traceId: string;
}

/** What a batch settled for one of its holds; a hold it leaves out goes to `ExpireHold.expireDue`. */
export type DueHoldOutcome = 'expired' | 'not_held';

const SYSTEM: AuditActor = { kind: 'system', id: 'hold-expiry' };

/**
 * Expires in one transaction the holds of several expiry jobs that fired together
 * (docs/performance.md "Regressions of the second round"): one statement expires those that are
 * due and gives their rooms back, one writes their audit entries, one their outbox events
 * `hold.expired`, whatever the batch size. The entries and events are those `ExpireHold` writes for
 * one hold. Returns the holds it expired and those already settled (no longer held: the sweep of
 * due holds, `SweepDueHolds`, usually got there first, so the job is a no-op at one read per batch);
 * a hold in neither (not due yet by the database clock, or locked by another transaction) is left to
 * `ExpireHold.expireDue`.
 */
@Injectable()
export class ExpireDueHolds {
  constructor(
    private readonly due: DueHoldExpiry,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
  ) {}

  @Transactional()
  async execute(jobs: DueHoldJob[]): Promise<Map<string, DueHoldOutcome>> {
    const refs = jobs.map((j) => ({ tenantId: j.tenantId, holdId: j.holdId }));
    const expired = await this.due.expire(refs);
    const outcomes = new Map<string, DueHoldOutcome>(expired.map((e) => [e.hold.id, 'expired']));
    const left = refs.filter((r) => !outcomes.has(r.holdId));
    for (const id of await this.due.settled(left)) outcomes.set(id, 'not_held');
    if (expired.length === 0) return outcomes;
    const traces = new Map(jobs.map((j) => [j.holdId, j.traceId]));
    const events = expired.map(({ hold, quote }) =>
      holdExpiredEvents(hold.tenantId, hold, quote, { actor: SYSTEM, traceId: traces.get(hold.id) ?? jobs[0].traceId }),
    );
    await this.audit.appendAll(events.map((e) => e.audit));
    await this.outbox.appendAll(events.map((e) => e.outbox));
    return outcomes;
  }
}
