import { Injectable } from '@nestjs/common';
import {
  AttemptResult,
  ClaimedDelivery,
  DeliveryJobRef,
  DeliveryListFilter,
  DeliveryState,
  WebhookDeliveryRecord,
  WebhookDeliveryRepository,
} from '@hcs/domain';
import { modify } from '../booking/sql';
import { TransactionHost } from '../transaction-host';

interface Row {
  id: string;
  tenant_id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  state: DeliveryState;
  chain: number;
  attempt: number;
  next_attempt_at: Date | null;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

interface AttemptRow {
  delivery_id: string;
  chain: number;
  attempt: number;
  at: Date;
  status: number | null;
  duration_ms: number;
  error: string | null;
}

interface ClaimRow {
  endpoint_id: string;
  url: string | null;
  status: string | null;
  secret_ciphertext: string | null;
  previous_secret_ciphertext: string | null;
  failing_since: Date | null;
  event_id: string | null;
  type: string | null;
  payload: Record<string, unknown> | null;
  sequence: string | null;
  created_at: Date | null;
  receiver_down: boolean | null;
}

const COLUMNS = `id, tenant_id, endpoint_id, event_id, event_type, state, chain, attempt, next_attempt_at, last_status, last_error, created_at, updated_at`;

/** Deliveries and their attempts; every state change is one conditional UPDATE. */
@Injectable()
export class TypeOrmWebhookDeliveryRepository extends WebhookDeliveryRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  private async withAttempts(rows: Row[]): Promise<WebhookDeliveryRecord[]> {
    if (rows.length === 0) return [];
    const attempts = (await this.m.query(
      `SELECT delivery_id, chain, attempt, at, status, duration_ms, error FROM webhook_delivery_attempts
        WHERE tenant_id = $1 AND delivery_id = ANY($2::uuid[]) ORDER BY id`,
      [rows[0].tenant_id, rows.map((r) => r.id)],
    )) as AttemptRow[];
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
    const rows = (await this.m.query(`SELECT ${COLUMNS} FROM webhook_deliveries WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) as Row[];
    return (await this.withAttempts(rows))[0] ?? null;
  }

  async listForEndpoint(tenantId: string, endpointId: string, f: DeliveryListFilter): Promise<WebhookDeliveryRecord[]> {
    const rows = (await this.m.query(
      `SELECT ${COLUMNS} FROM webhook_deliveries
        WHERE tenant_id = $1 AND endpoint_id = $2 AND ($3::text IS NULL OR state = $3)
          AND ($4::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) > ($4::timestamptz, $5::uuid))
        ORDER BY date_trunc('milliseconds', created_at), id LIMIT $6`,
      [tenantId, endpointId, f.state ?? null, f.after?.createdAt ?? null, f.after?.id ?? null, f.limit],
    )) as Row[];
    return this.withAttempts(rows);
  }

  async restart(tenantId: string, id: string): Promise<WebhookDeliveryRecord | null> {
    const rows = await modify<Row>(
      this.m,
      `UPDATE webhook_deliveries SET state = 'pending', chain = chain + 1, attempt = 0, next_attempt_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE tenant_id = $1 AND id = $2 AND state IN ('failed', 'dead') RETURNING ${COLUMNS}`,
      [tenantId, id],
    );
    return (await this.withAttempts(rows))[0] ?? null;
  }

  async restartAll(tenantId: string, endpointId: string, state: 'failed' | 'dead', perSecond: number): Promise<WebhookDeliveryRecord[]> {
    const rows = await modify<Row>(
      this.m,
      `WITH picked AS (
         SELECT id, row_number() OVER (ORDER BY created_at, id) - 1 AS n FROM webhook_deliveries
          WHERE tenant_id = $1 AND endpoint_id = $2 AND state = $3
       )
       UPDATE webhook_deliveries d SET state = 'pending', chain = chain + 1, attempt = 0,
              next_attempt_at = clock_timestamp() + make_interval(secs => p.n / $4::float8), updated_at = clock_timestamp()
         FROM picked p
        WHERE d.tenant_id = $1 AND d.id = p.id AND d.state = $3 RETURNING ${COLUMNS.split(', ')
          .map((c) => `d.${c}`)
          .join(', ')}`,
      [tenantId, endpointId, state, perSecond],
    );
    return this.withAttempts(rows);
  }

  async claim(ref: DeliveryJobRef): Promise<ClaimedDelivery | null> {
    const rows = (await this.m.query(
      `WITH claimed AS (
         UPDATE webhook_deliveries SET state = 'in_flight', attempt = $4, updated_at = clock_timestamp()
          WHERE tenant_id = $1 AND id = $2 AND chain = $3
            AND ((state = 'pending' AND attempt = $4 - 1) OR (state = 'in_flight' AND attempt = $4))
          RETURNING endpoint_id, event_id, chain
       )
       SELECT c.endpoint_id, e.url, e.status, e.secret_ciphertext, e.failing_since,
              CASE WHEN e.previous_secret_expires_at > clock_timestamp() THEN e.previous_secret_ciphertext END AS previous_secret_ciphertext,
              o.id AS event_id, o.type, o.payload, o.sequence, o.created_at,
              -- sandbox webhook_receiver_down (docs/sandbox.md): the first chain of attempts fails; a replay starts another
              (c.chain = 1 AND EXISTS (SELECT 1 FROM sandbox_receiver_down_traces s WHERE s.tenant_id = $1 AND s.trace_id = o.trace_id)) AS receiver_down
         FROM claimed c
         LEFT JOIN webhook_endpoints e ON e.tenant_id = $1 AND e.id = c.endpoint_id
         LEFT JOIN outbox_events o ON o.tenant_id = $1 AND o.id = c.event_id`,
      [ref.tenantId, ref.deliveryId, ref.chain, ref.attempt],
    )) as ClaimRow[];
    const r = rows[0];
    if (!r) return null;
    return {
      endpointId: r.endpoint_id,
      sandboxReceiverDown: r.receiver_down === true,
      endpoint: r.url
        ? {
            url: r.url,
            status: r.status as 'enabled' | 'disabled',
            sealed: { current: r.secret_ciphertext as string, previous: r.previous_secret_ciphertext },
            failingSince: r.failing_since,
          }
        : null,
      event: r.event_id
        ? {
            id: r.event_id,
            tenantId: ref.tenantId,
            type: r.type as string,
            payload: r.payload as Record<string, unknown>,
            sequence: r.sequence === null ? null : Number(r.sequence),
            createdAt: r.created_at as Date,
          }
        : null,
    };
  }

  async finishAttempt(r: AttemptResult): Promise<boolean> {
    const rows = (await this.m.query(
      `WITH moved AS (
         UPDATE webhook_deliveries SET state = $5, next_attempt_at = $6, last_status = $7, last_error = $8, updated_at = clock_timestamp()
          WHERE tenant_id = $1 AND id = $2 AND chain = $3 AND attempt = $4 AND state = 'in_flight'
          RETURNING id, tenant_id
       )
       INSERT INTO webhook_delivery_attempts (tenant_id, delivery_id, chain, attempt, at, status, duration_ms, error)
       SELECT tenant_id, id, $3, $4, $9, $7, $10, $8 FROM moved RETURNING id`,
      [
        r.ref.tenantId,
        r.ref.deliveryId,
        r.ref.chain,
        r.ref.attempt,
        r.state,
        r.nextAttemptAt,
        r.attempt.status,
        r.attempt.error,
        r.attempt.at,
        r.attempt.durationMs,
      ],
    )) as unknown[];
    return rows.length > 0;
  }

  async listStranded(olderThanSeconds: number, limit: number): Promise<DeliveryJobRef[]> {
    const rows = (await this.m.query(
      `SELECT tenant_id, id, chain, attempt, state FROM webhook_deliveries
        WHERE (state = 'pending' AND next_attempt_at < clock_timestamp() - make_interval(secs => $1))
           OR (state = 'in_flight' AND updated_at < clock_timestamp() - make_interval(secs => $1))
        ORDER BY next_attempt_at LIMIT $2`,
      [olderThanSeconds, limit],
    )) as Array<{ tenant_id: string; id: string; chain: number; attempt: number; state: DeliveryState }>;
    return rows.map((r) => ({ tenantId: r.tenant_id, deliveryId: r.id, chain: r.chain, attempt: r.state === 'pending' ? r.attempt + 1 : r.attempt }));
  }
}
