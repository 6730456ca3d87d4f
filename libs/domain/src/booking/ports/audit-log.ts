import type { AuditActor, Traveler } from '../chain.types';

export interface NewAuditEvent {
  tenantId: string;
  quoteId: string;
  holdId?: string | null;
  bookingId?: string | null;
  type: string;
  actor: AuditActor;
  traveler?: Traveler | null;
  traceId: string;
  data?: Record<string, unknown>;
}

export interface AuditEventRecord {
  seq: number;
  type: string;
  at: string;
  actor: AuditActor;
  traveler?: Traveler;
  trace_id: string;
  data: Record<string, unknown>;
}

/** Port: the append-only audit timeline of a booking chain. */
export abstract class AuditLog {
  abstract append(event: NewAuditEvent): Promise<void>;
  /** Several entries, in order (an adapter may send them in one statement). */
  async appendAll(events: NewAuditEvent[]): Promise<void> {
    for (const event of events) await this.append(event);
  }
  /** The chain's events from its quote on, for one hold (the booked one), in order, numbered from 1. */
  abstract listForChain(tenantId: string, quoteId: string, holdId: string): Promise<AuditEventRecord[]>;
}
