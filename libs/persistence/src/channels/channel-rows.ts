import type { Tax } from '@hcs/domain';
import { statement } from '../sql/statement';

/**
 * The statements of channel managers in (migration 1764491000000-ChannelManagers,
 * docs/channels.md): the properties of channels, EchoTokens, TimeStamps of applied values, and the
 * set-based ARI writes (one statement for any number of dates).
 */

export const grantChannelProperties = statement<[tenantId: string, channelId: string, propertyIds: string[]], { property_id: string }>(
  `INSERT INTO channel_properties (tenant_id, channel_id, property_id)
   SELECT $1, $2, p FROM unnest($3::uuid[]) AS p
   ON CONFLICT DO NOTHING
   RETURNING property_id`,
);

export const channelPropertyIds = statement<[tenantId: string, channelIds: string[]], { channel_id: string; property_ids: string[] }>(
  `SELECT channel_id, array_agg(property_id::text ORDER BY property_id) AS property_ids
     FROM channel_properties WHERE tenant_id = $1 AND channel_id = ANY($2::uuid[])
    GROUP BY channel_id`,
);

export const existingPropertyIds = statement<[tenantId: string, propertyIds: string[]], { id: string }>(
  `SELECT id::text AS id FROM properties WHERE tenant_id = $1 AND id = ANY($2::uuid[])`,
);

export interface ChannelPropertyRow {
  id: string;
  slug: string;
  taxes: Tax[];
  room_types: Array<{
    id: string;
    code: string;
    max_occupancy: number;
    rate_plans: Array<{ id: string; code: string; currency: string; occupancy_pricing: unknown }>;
  }>;
}

/** The channel's properties among these slugs with their room types and rate plans (codes, currencies, occupancy). */
export const channelPropertiesBySlug = statement<[tenantId: string, channelId: string, slugs: string[]], ChannelPropertyRow>(
  `SELECT p.id::text AS id, p.slug, p.taxes,
          COALESCE((SELECT json_agg(json_build_object(
                     'id', r.id, 'code', r.code, 'max_occupancy', r.max_occupancy,
                     'rate_plans', COALESCE((SELECT json_agg(json_build_object('id', rp.id, 'code', rp.code, 'currency', rp.currency,
                                                                               'occupancy_pricing', rp.occupancy_pricing) ORDER BY rp.code)
                                               FROM rate_plans rp WHERE rp.tenant_id = $1 AND rp.room_type_id = r.id), '[]'::json)) ORDER BY r.code)
                      FROM room_types r WHERE r.tenant_id = $1 AND r.property_id = p.id), '[]'::json) AS room_types
     FROM channel_properties cp
     JOIN properties p ON p.tenant_id = cp.tenant_id AND p.id = cp.property_id
    WHERE cp.tenant_id = $1 AND cp.channel_id = $2 AND p.slug = ANY($3::text[])`,
);

export const lockRatePlans = statement<[tenantId: string, ids: string[]], { id: string }>(
  `SELECT id::text AS id FROM rate_plans WHERE tenant_id = $1 AND id = ANY($2::uuid[]) ORDER BY id FOR UPDATE`,
);

/**
 * Every row's night rate and party prices (`$2`: a JSON array of `{rate_plan_id, night, amount,
 * by_adults, extra_adult, child_rates}`), replacing what the night had, in one statement.
 */
export const putDailyRates = statement<[tenantId: string, rows: string], { n: string }>(
  `WITH put AS (
     INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount, by_adults, extra_adult, child_rates)
     SELECT $1, x.rate_plan_id, x.night, x.amount, x.by_adults, x.extra_adult, x.child_rates
       FROM jsonb_to_recordset($2::jsonb) AS x(rate_plan_id uuid, night date, amount bigint, by_adults jsonb, extra_adult bigint, child_rates jsonb)
      ORDER BY x.rate_plan_id, x.night
     ON CONFLICT (tenant_id, rate_plan_id, night) DO UPDATE
       SET amount = EXCLUDED.amount, by_adults = EXCLUDED.by_adults, extra_adult = EXCLUDED.extra_adult, child_rates = EXCLUDED.child_rates
     RETURNING 1
   )
   SELECT count(*)::text AS n FROM put`,
);

const ALLOTMENT_ROWS = `jsonb_to_recordset($2::jsonb) AS x(room_type_id uuid, night date, kind text, count integer)`;

/** Locks the existing nights of the rows in room type and date order (the booking chain's order within a room type). */
export const lockAllotmentNights = statement<[tenantId: string, rows: string], { night: string }>(
  `SELECT i.night::text AS night
     FROM inventory_nights i
     JOIN ${ALLOTMENT_ROWS} ON i.room_type_id = x.room_type_id AND i.night = x.night
    WHERE i.tenant_id = $1
    ORDER BY i.room_type_id, i.night
      FOR UPDATE OF i`,
);

export interface AppliedAllotmentRow {
  room_type_id: string;
  night: string;
  allotment: number;
  committed: number;
}

/**
 * Sets each night's allotment (an override): `total` as sent, `left` as held + sold + count. A
 * lower allotment than held + sold is the hotel's fact and is written (an oversell, docs/back-office.md).
 */
export const putAllotments = statement<[tenantId: string, rows: string], AppliedAllotmentRow>(
  `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, allotment_overridden)
   SELECT $1, x.room_type_id, x.night,
          CASE WHEN x.kind = 'left' THEN COALESCE(i.held, 0) + COALESCE(i.sold, 0) + x.count ELSE x.count END, true
     FROM ${ALLOTMENT_ROWS}
     LEFT JOIN inventory_nights i ON i.tenant_id = $1 AND i.room_type_id = x.room_type_id AND i.night = x.night
    ORDER BY x.room_type_id, x.night
   ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET allotment = EXCLUDED.allotment, allotment_overridden = true
   RETURNING room_type_id::text AS room_type_id, to_char(night, 'YYYY-MM-DD') AS night, allotment, held + sold AS committed`,
);

export interface EchoTokenRow {
  body_sha256: string;
  answer: string | null;
}

type EchoKey = [tenantId: string, channelId: string, message: string, echoToken: string];

/** Claims a token: inserted (or taken over when older than 24 hours); no row when a live claim holds it. */
export const claimEchoToken = statement<[...EchoKey, bodySha256: string], { claimed: boolean }>(
  `INSERT INTO ota_echo_tokens (tenant_id, channel_id, message, echo_token, body_sha256)
   VALUES ($1, $2, $3, $4, $5)
   ON CONFLICT (tenant_id, channel_id, message, echo_token) DO UPDATE
     SET body_sha256 = EXCLUDED.body_sha256, answer = NULL, created_at = now()
     WHERE ota_echo_tokens.created_at < now() - interval '24 hours'
   RETURNING true AS claimed`,
);

export const echoTokenByKey = statement<EchoKey, EchoTokenRow>(
  `SELECT body_sha256, answer FROM ota_echo_tokens WHERE tenant_id = $1 AND channel_id = $2 AND message = $3 AND echo_token = $4`,
);

export const saveEchoAnswer = statement<[...EchoKey, answer: string], { echo_token: string }>(
  `UPDATE ota_echo_tokens SET answer = $5 WHERE tenant_id = $1 AND channel_id = $2 AND message = $3 AND echo_token = $4 RETURNING echo_token`,
);

export interface StaleStampRow {
  subject_id: string;
  night: string;
  field: string;
}

/**
 * The ordering rule, set-based (docs/channels.md "Ordering"): stamps every key (`$3`, a JSON array
 * of `{subject_id, night, field}`, each once) with `$2` where the stored stamp is not newer, and
 * answers the keys whose stored stamp is newer (left as they were).
 */
export const keepNewerStamps = statement<[tenantId: string, stampedAt: Date, keys: string], StaleStampRow>(
  `WITH x AS (
     SELECT * FROM jsonb_to_recordset($3::jsonb) AS x(subject_id uuid, night date, field text)
   ),
   kept AS (
     INSERT INTO ota_value_stamps (tenant_id, subject_id, night, field, stamped_at)
     SELECT $1, x.subject_id, x.night, x.field, $2 FROM x ORDER BY x.subject_id, x.field, x.night
     ON CONFLICT (tenant_id, subject_id, field, night) DO UPDATE SET stamped_at = EXCLUDED.stamped_at
       WHERE ota_value_stamps.stamped_at <= EXCLUDED.stamped_at
     RETURNING subject_id, night, field
   )
   SELECT x.subject_id::text AS subject_id, to_char(x.night, 'YYYY-MM-DD') AS night, x.field
     FROM x
    WHERE NOT EXISTS (SELECT 1 FROM kept k WHERE k.subject_id = x.subject_id AND k.night = x.night AND k.field = x.field)`,
);

export const purgeEchoTokens = statement<[limit: number], { ok: number }>(
  `DELETE FROM ota_echo_tokens WHERE ctid IN (
     SELECT ctid FROM ota_echo_tokens WHERE created_at < now() - interval '24 hours' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED
   ) RETURNING 1 AS ok`,
);

export const purgePastStamps = statement<[limit: number], { ok: number }>(
  `DELETE FROM ota_value_stamps WHERE ctid IN (
     SELECT ctid FROM ota_value_stamps WHERE night < current_date - 1 ORDER BY night LIMIT $1 FOR UPDATE SKIP LOCKED
   ) RETURNING 1 AS ok`,
);
