export interface NewOutboxEvent {
  tenantId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  payload: Record<string, unknown>;
  traceId: string;
}

/** Port: the transactional outbox (written in the same transaction as the state change). */
export abstract class OutboxWriter {
  abstract append(event: NewOutboxEvent): Promise<void>;

  /** Several events, in order (an adapter may send them in one statement). */
  async appendAll(events: NewOutboxEvent[]): Promise<void> {
    for (const event of events) await this.append(event);
  }
}
