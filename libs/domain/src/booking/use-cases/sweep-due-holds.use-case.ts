import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { RequestContext } from '@hcs/platform';
import { AuditLog } from '../ports/audit-log';
import { DueHoldExpiry } from '../ports/due-hold-expiry';
import { OutboxWriter } from '../ports/outbox-writer';
import { recordExpiredHolds } from './expired-holds-record';

/**
 * The worker's primary hold expiry (docs/performance.md "The sweep of due holds"): one transaction
 * expires up to `limit` held holds past their TTL, chosen by the database (oldest first, rows
 * locked elsewhere skipped, so several workers sweep at once and a booking in progress is neither
 * waited for nor expired), gives their rooms back, and writes each its audit entry and outbox event
 * `hold.expired`: the same three statements as `ExpireDueHolds`, and the same entries and events as
 * `ExpireHold` writes for one hold. Each carries the trace of the request that created the hold (the
 * trace its expiry job carries), or the sweep's own when none is recorded. Returns the ids it
 * expired; fewer than `limit` means no due hold was left unlocked.
 */
@Injectable()
export class SweepDueHolds {
  constructor(
    private readonly due: DueHoldExpiry,
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly context: RequestContext,
  ) {}

  @Transactional()
  async execute(limit: number): Promise<string[]> {
    const expired = await this.due.expireOverdue(limit);
    await recordExpiredHolds(this.audit, this.outbox, expired, (e) => e.traceId ?? this.context.traceId);
    return expired.map((e) => e.hold.id);
  }
}
