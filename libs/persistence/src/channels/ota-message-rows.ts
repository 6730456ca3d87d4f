import type { OtaMessageOutcome, OtaMessageRecord } from '@hcs/domain';
import { statement } from '../sql/statement';

/** The records of messages in (migration 1764495000000-OtaMessagesIn, docs/channels.md "Messages in"). */

export interface OtaMessageRow {
  id: string;
  tenant_id: string;
  channel_id: string;
  message: string;
  echo_token: string | null;
  received_at: Date;
  outcome: OtaMessageOutcome;
  dates_applied: number;
  warnings: number;
  errors: number;
  answer: string;
  answer_truncated: boolean;
  request_excerpt: string;
  request_bytes: number;
}

const COLUMNS = `id::text AS id, tenant_id::text AS tenant_id, channel_id::text AS channel_id, message, echo_token, received_at, outcome,
  dates_applied, warnings, errors, answer, answer_truncated, request_excerpt, request_bytes`;

type RecordParams = [
  tenantId: string,
  channelId: string,
  message: string,
  echoToken: string | null,
  outcome: OtaMessageOutcome,
  datesApplied: number,
  warnings: number,
  errors: number,
  answer: string,
  answerTruncated: boolean,
  requestExcerpt: string,
  requestBytes: number,
];

export const insertOtaMessage = statement<RecordParams, { id: string }>(
  `INSERT INTO ota_messages_in (tenant_id, channel_id, message, echo_token, outcome, dates_applied, warnings, errors, answer, answer_truncated,
                                request_excerpt, request_bytes)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
   RETURNING id::text AS id`,
);

/** A channel's records newest first; `$3`/`$4` (null for the first page) the last row of the page before. */
export const listOtaMessages = statement<[tenantId: string, channelId: string, afterAt: Date | null, afterId: string | null, limit: number], OtaMessageRow>(
  `SELECT ${COLUMNS} FROM ota_messages_in
    WHERE tenant_id = $1 AND channel_id = $2 AND ($3::timestamptz IS NULL OR (received_at, id) < ($3::timestamptz, $4::uuid))
    ORDER BY received_at DESC, id DESC
    LIMIT $5`,
);

/** Deletes up to `$2` records older than `$1` days, oldest first; rows another purge holds are skipped. */
export const purgeOtaMessages = statement<[olderThanDays: number, limit: number], { id: string }>(
  `DELETE FROM ota_messages_in m
    USING (SELECT tenant_id, id FROM ota_messages_in
            WHERE received_at < now() - make_interval(days => $1::int)
            ORDER BY received_at LIMIT $2 FOR UPDATE SKIP LOCKED) old
    WHERE m.tenant_id = old.tenant_id AND m.id = old.id
    RETURNING m.id::text AS id`,
);

export function otaMessageOf(row: OtaMessageRow): OtaMessageRecord {
  return {
    id: row.id,
    tenantId: row.tenant_id,
    channelId: row.channel_id,
    message: row.message,
    echoToken: row.echo_token,
    receivedAt: row.received_at,
    outcome: row.outcome,
    datesApplied: row.dates_applied,
    warnings: row.warnings,
    errors: row.errors,
    answer: row.answer,
    answerTruncated: row.answer_truncated,
    requestExcerpt: row.request_excerpt,
    requestBytes: row.request_bytes,
  };
}
