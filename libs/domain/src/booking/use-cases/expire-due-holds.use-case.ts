import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AuditLog } from '../ports/audit-log';
import { DueHoldExpiry } from '../ports/due-hold-expiry';
import { OutboxWriter } from '../ports/outbox-writer';
import { recordExpiredHolds } from '../services/expired-holds-record';

/** A hold whose expiry job has fired, with the trace its audit entry and event carry. */
export interface DueHoldJob {
  tenantId: string;
  holdId: string;
  traceId: string;
}

/** What a batch settled for one of its holds; a hold it leaves out goes to `ExpireHold.expireDue`. */
export type DueHoldOutcome = 'expired' | 'not_held';

/**
 * Expires in one transaction the holds of several expiry jobs that fired together
 * (docs/performance.md "The sweep of due holds"): one statement expires those that are
 * due and gives their rooms back, one writes their audit entries, one their outbox events
 * `hold.expired`, whatever the batch size. The entries and events are those `ExpireHold` writes for
 * one hold. Returns the holds it expired and those already settled (no longer held: booked,
 * released, or expired by the booking path or the backstop sweep); a hold in neither (not due yet by
 * the database clock, or locked by another transaction) is left to `ExpireHold.expireDue`.
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
    const traces = new Map(jobs.map((j) => [j.holdId, j.traceId]));
    await recordExpiredHolds(this.audit, this.outbox, expired, (e) => traces.get(e.hold.id) ?? jobs[0].traceId);
    return outcomes;
  }
}
