import { Injectable } from '@nestjs/common';
import {
  ChannelAttemptResult,
  ChannelDeliveryRecord,
  ChannelDeliveryRepository,
  ClaimedChannelDelivery,
  DeliveryJobRef,
  DeliveryListFilter,
} from '@hcs/domain';
import { GroupCommit } from '../sql/group-commit';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import { AttemptColumns, attemptColumns, movedByBatch, RecordedAttemptRow, StrandedRow, strandedRef } from '../webhooks/webhook-delivery-rows';
import { CHANNEL_DELIVERY_COLUMNS, ChannelClaimRow, ChannelDeliveryRow, toChannelDelivery } from './channel-connection-rows';

const byId = statement<[tenantId: string, id: string], ChannelDeliveryRow>(
  `SELECT ${CHANNEL_DELIVERY_COLUMNS} FROM channel_deliveries WHERE tenant_id = $1 AND id = $2`,
);

const ofConnection = statement<
  [tenantId: string, connectionId: string, state: string | null, afterCreatedAt: Date | null, afterId: string | null, limit: number],
  ChannelDeliveryRow
>(
  `SELECT ${CHANNEL_DELIVERY_COLUMNS} FROM channel_deliveries
    WHERE tenant_id = $1 AND connection_id = $2 AND ($3::text IS NULL OR state = $3)
      AND ($4::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) > ($4::timestamptz, $5::uuid))
    ORDER BY date_trunc('milliseconds', created_at), id LIMIT $6`,
);

const restartOne = statement<[tenantId: string, id: string], ChannelDeliveryRow>(
  `UPDATE channel_deliveries SET state = 'pending', chain = chain + 1, attempt = 0, next_attempt_at = clock_timestamp(), updated_at = clock_timestamp()
    WHERE tenant_id = $1 AND id = $2 AND state IN ('failed', 'dead') RETURNING ${CHANNEL_DELIVERY_COLUMNS}`,
);

/**
 * The claim, and in the same round trip the connection, the event and the codes the message names
 * (of the property, room type and rate plan the event's booking read names; only booking events,
 * whose reads carry those ids, make channel deliveries).
 */
const claimOne = statement<[tenantId: string, deliveryId: string, chain: number, attempt: number], ChannelClaimRow>(
  `WITH claimed AS (
     UPDATE channel_deliveries SET state = 'in_flight', attempt = $4, updated_at = clock_timestamp()
      WHERE tenant_id = $1 AND id = $2 AND chain = $3
        AND ((state = 'pending' AND attempt = $4 - 1) OR (state = 'in_flight' AND attempt = $4))
      RETURNING connection_id, event_id
   )
   SELECT c.connection_id, k.url, k.auth_type, k.auth_username, k.auth_ciphertext,
          o.id AS event_id, o.type, o.payload, o.created_at,
          p.slug AS hotel_code, rt.code AS room_type_code, rp.code AS rate_plan_code
     FROM claimed c
     LEFT JOIN channel_connections k ON k.tenant_id = $1 AND k.id = c.connection_id
     LEFT JOIN outbox_events o ON o.tenant_id = $1 AND o.id = c.event_id
     LEFT JOIN properties p ON p.tenant_id = $1 AND p.id = (o.payload->>'property_id')::uuid
     LEFT JOIN room_types rt ON rt.tenant_id = $1 AND rt.id = (o.payload->>'room_type_id')::uuid
     LEFT JOIN rate_plans rp ON rp.tenant_id = $1 AND rp.id = (o.payload->>'rate_plan_id')::uuid`,
);

/**
 * Every result of a batch moves its delivery out of `in_flight` (only the attempt that holds it)
 * and appends the attempt to the row: one statement for the whole batch.
 */
/** A recorded attempt, and whether its acknowledgement changed the booking's confirmation number. */
interface RecordedChannelAttemptRow extends RecordedAttemptRow {
  confirmed: boolean;
}

/**
 * Every result of a batch moves its delivery out of `in_flight` (only the attempt that holds it)
 * and appends the attempt to the row; an acknowledgement's number goes on the booking. One
 * statement for the whole batch.
 */
const recordAttempts = statement<[...AttemptColumns, acknowledgedIds: Array<string | null>], RecordedChannelAttemptRow>(
  `WITH v AS (
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::int[], $5::text[], $6::timestamptz[], $7::int[], $8::text[], $9::timestamptz[], $10::int[], $11::text[])
       AS v(tenant_id, id, chain, attempt, state, next_attempt_at, status, error, at, duration_ms, acknowledged_id)
   ), moved AS (
     UPDATE channel_deliveries d SET state = v.state, next_attempt_at = v.next_attempt_at, last_status = v.status, last_error = v.error,
            acknowledged_id = COALESCE(v.acknowledged_id, d.acknowledged_id),
            attempts = d.attempts || jsonb_build_array(jsonb_build_object('chain', v.chain, 'attempt', v.attempt, 'at', v.at, 'status', v.status,
                                                                          'duration_ms', v.duration_ms, 'error', v.error)),
            updated_at = clock_timestamp()
       FROM v
      WHERE d.tenant_id = v.tenant_id AND d.id = v.id AND d.chain = v.chain AND d.attempt = v.attempt AND d.state = 'in_flight'
      RETURNING d.tenant_id, d.id AS delivery_id, d.booking_id, v.chain, v.attempt, v.acknowledged_id
   ), confirmed AS (
     UPDATE bookings b SET property_confirmation_id = m.acknowledged_id
       FROM moved m
      WHERE b.tenant_id = m.tenant_id AND b.id = m.booking_id AND m.acknowledged_id IS NOT NULL
        AND b.property_confirmation_id IS DISTINCT FROM m.acknowledged_id
      RETURNING b.tenant_id, b.id, b.property_confirmation_id
   )
   SELECT m.tenant_id, m.delivery_id, m.chain, m.attempt,
          EXISTS (SELECT 1 FROM confirmed c WHERE c.tenant_id = m.tenant_id AND c.id = m.booking_id AND c.property_confirmation_id = m.acknowledged_id) AS confirmed
     FROM moved m`,
);

/** Attempt results written in one statement at most (the worker's delivery concurrency is well below). */
const ATTEMPTS_PER_STATEMENT = 100;

const stranded = statement<[olderThanSeconds: number, limit: number], StrandedRow>(
  `SELECT tenant_id, id, chain, attempt, state FROM channel_deliveries
    WHERE (state = 'pending' AND next_attempt_at < clock_timestamp() - make_interval(secs => $1))
       OR (state = 'in_flight' AND updated_at < clock_timestamp() - make_interval(secs => $1))
    ORDER BY next_attempt_at LIMIT $2`,
);

/**
 * Channel deliveries; every state change is one conditional UPDATE, attempts appended to the row.
 * Attempt results that finish while another batch is being written go together in the next
 * statement (`GroupCommit`), as webhook attempts do.
 */
@Injectable()
export class SqlChannelDeliveryRepository extends ChannelDeliveryRepository {
  private readonly results = new GroupCommit<ChannelAttemptResult, { recorded: boolean; confirmed: boolean }>(
    (batch) => this.recordBatch(batch),
    ATTEMPTS_PER_STATEMENT,
  );

  constructor(private readonly sql: SqlClient) {
    super();
  }

  async findById(tenantId: string, id: string): Promise<ChannelDeliveryRecord | null> {
    const [row] = await this.sql.run(byId, [tenantId, id]);
    return row ? toChannelDelivery(row) : null;
  }

  async listForConnection(tenantId: string, connectionId: string, f: DeliveryListFilter): Promise<ChannelDeliveryRecord[]> {
    const rows = await this.sql.run(ofConnection, [tenantId, connectionId, f.state ?? null, f.after?.createdAt ?? null, f.after?.id ?? null, f.limit]);
    return rows.map(toChannelDelivery);
  }

  async restart(tenantId: string, id: string): Promise<ChannelDeliveryRecord | null> {
    const [row] = await this.sql.run(restartOne, [tenantId, id]);
    return row ? toChannelDelivery(row) : null;
  }

  async claim(ref: DeliveryJobRef): Promise<ClaimedChannelDelivery | null> {
    const [r] = await this.sql.run(claimOne, [ref.tenantId, ref.deliveryId, ref.chain, ref.attempt]);
    if (!r) return null;
    return {
      connection:
        r.url !== null && r.auth_type !== null && r.auth_ciphertext !== null
          ? { id: r.connection_id, url: r.url, authType: r.auth_type, authUsername: r.auth_username, sealedSecret: r.auth_ciphertext }
          : null,
      event:
        r.event_id !== null && r.type !== null && r.payload !== null && r.created_at !== null
          ? { id: r.event_id, tenantId: ref.tenantId, type: r.type, payload: r.payload, sequence: null, createdAt: r.created_at }
          : null,
      codes:
        r.hotel_code !== null && r.room_type_code !== null && r.rate_plan_code !== null
          ? { hotelCode: r.hotel_code, roomTypeCode: r.room_type_code, ratePlanCode: r.rate_plan_code }
          : null,
    };
  }

  finishAttempt(result: ChannelAttemptResult): Promise<{ recorded: boolean; confirmed: boolean }> {
    return this.results.add(result);
  }

  /** One statement for a batch of attempt results: for each, whether it moved its delivery and confirmed its booking. */
  private async recordBatch(batch: ChannelAttemptResult[]): Promise<Array<{ recorded: boolean; confirmed: boolean }>> {
    const rows = await this.sql.run(recordAttempts, [...attemptColumns(batch), batch.map((r) => r.acknowledgedId)]);
    const moved = movedByBatch(batch, rows);
    const confirmed = movedByBatch(
      batch,
      rows.filter((r) => r.confirmed),
    );
    return batch.map((_, i) => ({ recorded: moved[i], confirmed: confirmed[i] }));
  }

  async listStranded(olderThanSeconds: number, limit: number): Promise<DeliveryJobRef[]> {
    const rows = await this.sql.run(stranded, [olderThanSeconds, limit]);
    return rows.map((r) => ({ ...strandedRef(r), target: 'channel' as const }));
  }
}
