import { Injectable } from '@nestjs/common';
import { NewOutboxEvent, OutboxWriter } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';
import { json } from './sql';

/** Outbox rows join the caller's transaction: the event exists exactly when the change does. */
@Injectable()
export class TypeOrmOutboxWriter extends OutboxWriter {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  async append(e: NewOutboxEvent): Promise<void> {
    await (this.tx as Tx).tx.query(
      `INSERT INTO outbox_events (tenant_id, type, aggregate_type, aggregate_id, payload, trace_id) VALUES ($1, $2, $3, $4, $5::jsonb, $6)`,
      [e.tenantId, e.type, e.aggregateType, e.aggregateId, json(e.payload), e.traceId],
    );
  }
}
