import { Injectable } from '@nestjs/common';
import { RequestContext } from '@hcs/platform';
import { AuditLog, NewAuditEvent } from '../ports/audit-log';
import { NewOutboxEvent, OutboxWriter } from '../ports/outbox-writer';

/**
 * Records what a use case did, under the trace of the work running now: audit entries for the
 * timeline and outbox events for subscribers (docs/events.md), in the caller's transaction.
 */
@Injectable()
export class ChainRecorder {
  constructor(
    private readonly audit: AuditLog,
    private readonly outbox: OutboxWriter,
    private readonly context: RequestContext,
  ) {}

  /** The trace the entries and events are written under. */
  get traceId(): string {
    return this.context.traceId;
  }

  append(entry: NewAuditEvent): Promise<void> {
    return this.audit.append(entry);
  }

  /** An outbox event of the current trace. */
  publish(event: Omit<NewOutboxEvent, 'traceId'>): Promise<void> {
    return this.outbox.append({ ...event, traceId: this.context.traceId });
  }
}
