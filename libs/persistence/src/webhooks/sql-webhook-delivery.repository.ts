import { Injectable } from '@nestjs/common';
import { AttemptResult, ClaimedDelivery, DeliveryJobRef, DeliveryListFilter, WebhookDeliveryRecord, WebhookDeliveryRepository } from '@hcs/domain';
import { GroupCommit } from '../sql/group-commit';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import {
  AttemptColumns,
  attemptColumns,
  ClaimRow,
  DELIVERY_COLUMNS,
  DeliveryAttemptRow,
  DeliveryRow,
  movedByBatch,
  RecordedAttemptRow,
  StrandedRow,
  strandedRef,
} from './webhook-delivery-rows';

const attemptsOf = statement<[tenantId: string, deliveryIds: string[]], DeliveryAttemptRow>(
  `SELECT delivery_id, chain, attempt, at, status, duration_ms, error FROM webhook_delivery_attempts
    WHERE tenant_id = $1 AND delivery_id = ANY($2::uuid[]) ORDER BY id`,
);

const byId = statement<[tenantId: string, id: string], DeliveryRow>(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2`);

const ofEndpoint = statement<
  [tenantId: string, endpointId: string, state: string | null, afterCreatedAt: Date | null, afterId: string | null, limit: number],
  DeliveryRow
>(
  `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
    WHERE tenant_id = $1 AND endpoint_id = $2 AND ($3::text IS NULL OR state = $3)
      AND ($4::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) > ($4::timestamptz, $5::uuid))
    ORDER BY date_trunc('milliseconds', created_at), id LIMIT $6`,
);

const restartOne = statement<[tenantId: string, id: string], DeliveryRow>(
  `UPDATE webhook_deliveries SET state = 'pending', chain = chain + 1, attempt = 0, next_attempt_at = clock_timestamp(), updated_at = clock_timestamp()
    WHERE tenant_id = $1 AND id = $2 AND state IN ('failed', 'dead') RETURNING ${DELIVERY_COLUMNS}`,
);

const restartEvery = statement<[tenantId: string, endpointId: string, state: 'failed' | 'dead', perSecond: number], DeliveryRow>(
  `WITH picked AS (
     SELECT id, row_number() OVER (ORDER BY created_at, id) - 1 AS n FROM webhook_deliveries
      WHERE tenant_id = $1 AND endpoint_id = $2 AND state = $3
   )
   UPDATE webhook_deliveries d SET state = 'pending', chain = chain + 1, attempt = 0,
          next_attempt_at = clock_timestamp() + make_interval(secs => p.n / $4::float8), updated_at = clock_timestamp()
     FROM picked p
    WHERE d.tenant_id = $1 AND d.id = p.id AND d.state = $3 RETURNING ${DELIVERY_COLUMNS.split(', ')
      .map((c) => `d.${c}`)
      .join(', ')}`,
);

const claimOne = statement<[tenantId: string, deliveryId: string, chain: number, attempt: number], ClaimRow>(
  `WITH claimed AS (
     UPDATE webhook_deliveries SET state = 'in_flight', attempt = $4, updated_at = clock_timestamp()
      WHERE tenant_id = $1 AND id = $2 AND chain = $3
        AND ((state = 'pending' AND attempt = $4 - 1) OR (state = 'in_flight' AND attempt = $4))
      RETURNING endpoint_id, event_id
   )
   SELECT c.endpoint_id, e.url, e.status, e.secret_ciphertext, e.failing_since,
          CASE WHEN e.previous_secret_expires_at > clock_timestamp() THEN e.previous_secret_ciphertext END AS previous_secret_ciphertext,
          o.id AS event_id, o.type, o.payload, o.sequence, o.created_at
     FROM claimed c
     LEFT JOIN webhook_endpoints e ON e.tenant_id = $1 AND e.id = c.endpoint_id
     LEFT JOIN outbox_events o ON o.tenant_id = $1 AND o.id = c.event_id`,
);

/**
 * Every result of a batch moves its delivery out of `in_flight` (only the attempt that holds it)
 * and records the attempt: one statement for the whole batch.
 */
const recordAttempts = statement<AttemptColumns, RecordedAttemptRow>(
  `WITH v AS (
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::text[], $6::timestamptz[], $7::int[], $8::text[], $9::timestamptz[], $10::int[])
       AS v(tenant_id, delivery_id, chain, attempt, state, next_attempt_at, status, error, at, duration_ms)
   ),
   moved AS (
     UPDATE webhook_deliveries d SET state = v.state, next_attempt_at = v.next_attempt_at, last_status = v.status, last_error = v.error,
            updated_at = clock_timestamp()
       FROM v
      WHERE d.tenant_id = v.tenant_id AND d.id = v.delivery_id AND d.chain = v.chain AND d.attempt = v.attempt AND d.state = 'in_flight'
      RETURNING d.tenant_id, d.id AS delivery_id, v.chain, v.attempt, v.at, v.status, v.duration_ms, v.error
   )
   INSERT INTO webhook_delivery_attempts (tenant_id, delivery_id, chain, attempt, at, status, duration_ms, error)
   SELECT tenant_id, delivery_id, chain, attempt, at, status, duration_ms, error FROM moved
   RETURNING tenant_id, delivery_id, chain, attempt`,
);

const stranded = statement<[olderThanSeconds: number, limit: number], StrandedRow>(
  `SELECT tenant_id, id, chain, attempt, state FROM webhook_deliveries
    WHERE (state = 'pending' AND next_attempt_at < clock_timestamp() - make_interval(secs => $1))
       OR (state = 'in_flight' AND updated_at < clock_timestamp() - make_interval(secs => $1))
    ORDER BY next_attempt_at LIMIT $2`,
);

/** Attempt results written in one statement at most (the worker's webhook concurrency is well below). */
const ATTEMPTS_PER_STATEMENT = 100;

/**
 * Deliveries and their attempts; every state change is one conditional UPDATE. Attempt results that
 * finish while another is being written are recorded together in the next statement
 * (`GroupCommit`): under a burst of deliveries the attempts cost one statement per batch, not one
 * each (docs/events.md, docs/performance.md).
 */
@Injectable()
export class SqlWebhookDeliveryRepository extends WebhookDeliveryRepository {
  private readonly results = new GroupCommit<AttemptResult, boolean>((batch) => this.recordBatch(batch), ATTEMPTS_PER_STATEMENT);

  constructor(private readonly sql: SqlClient) {
    super();
  }

  private async withAttempts(rows: DeliveryRow[]): Promise<WebhookDeliveryRecord[]> {
    if (rows.length === 0) return [];
    const attempts = await this.sql.run(attemptsOf, [rows[0].tenant_id, rows.map((r) => r.id)]);
    return rows.map((r) => ({
      id: r.id,
      tenantId: r.tenant_id,
      endpointId: r.endpoint_id,
      eventId: r.event_id,
      eventType: r.event_type,
      state: r.state,
      chain: r.chain,
      attempt: r.attempt,
      nextAttemptAt: r.next_attempt_at,
      lastStatus: r.last_status,
      lastError: r.last_error,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      attempts: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ chain: a.chain, attempt: a.attempt, at: a.at, status: a.status, durationMs: a.duration_ms, error: a.error })),
    }));
  }

  async findById(tenantId: string, id: string): Promise<WebhookDeliveryRecord | null> {
    return (await this.withAttempts(await this.sql.run(byId, [tenantId, id])))[0] ?? null;
  }

  async listForEndpoint(tenantId: string, endpointId: string, f: DeliveryListFilter): Promise<WebhookDeliveryRecord[]> {
    const rows = await this.sql.run(ofEndpoint, [tenantId, endpointId, f.state ?? null, f.after?.createdAt ?? null, f.after?.id ?? null, f.limit]);
    return this.withAttempts(rows);
  }

  async restart(tenantId: string, id: string): Promise<WebhookDeliveryRecord | null> {
    return (await this.withAttempts(await this.sql.run(restartOne, [tenantId, id])))[0] ?? null;
  }

  async restartAll(tenantId: string, endpointId: string, state: 'failed' | 'dead', perSecond: number): Promise<WebhookDeliveryRecord[]> {
    return this.withAttempts(await this.sql.run(restartEvery, [tenantId, endpointId, state, perSecond]));
  }

  async claim(ref: DeliveryJobRef): Promise<ClaimedDelivery | null> {
    const [r] = await this.sql.run(claimOne, [ref.tenantId, ref.deliveryId, ref.chain, ref.attempt]);
    if (!r) return null;
    return {
      endpointId: r.endpoint_id,
      endpoint:
        r.url !== null && r.status !== null && r.secret_ciphertext !== null
          ? { url: r.url, status: r.status, sealed: { current: r.secret_ciphertext, previous: r.previous_secret_ciphertext }, failingSince: r.failing_since }
          : null,
      event:
        r.event_id !== null && r.type !== null && r.payload !== null && r.created_at !== null
          ? {
              id: r.event_id,
              tenantId: ref.tenantId,
              type: r.type,
              payload: r.payload,
              sequence: r.sequence === null ? null : Number(r.sequence),
              createdAt: r.created_at,
            }
          : null,
    };
  }

  finishAttempt(result: AttemptResult): Promise<boolean> {
    return this.results.add(result);
  }

  /** One statement for a batch of attempt results; true for each one that moved its delivery. */
  private async recordBatch(batch: AttemptResult[]): Promise<boolean[]> {
    return movedByBatch(batch, await this.sql.run(recordAttempts, attemptColumns(batch)));
  }

  async listStranded(olderThanSeconds: number, limit: number): Promise<DeliveryJobRef[]> {
    const rows = await this.sql.run(stranded, [olderThanSeconds, limit]);
    return rows.map(strandedRef);
  }
}
