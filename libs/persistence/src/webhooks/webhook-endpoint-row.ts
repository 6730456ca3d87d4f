import type { SealedSecrets, WebhookEndpointRecord } from '@hcs/domain';
import { statement } from '../sql/statement';

/**
 * The row, statements and mapper of `webhook_endpoints` (docs/events.md). The sealed secrets are
 * not among the columns: they leave the table only through `sealedSecretsOf`.
 */
export interface WebhookEndpointRow {
  id: string;
  tenant_id: string;
  url: string;
  events: string[];
  description: string | null;
  status: 'enabled' | 'disabled';
  disabled_reason: string | null;
  secret_rotated_at: Date | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  auto_disabled_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = `id, tenant_id, url, events, description, status, disabled_reason, secret_rotated_at, previous_secret_expires_at, failing_since, auto_disabled_at, created_at, updated_at`;

export const insertEndpoint = statement<
  [id: string, tenantId: string, url: string, events: string[], description: string | null, sealedSecret: string],
  WebhookEndpointRow
>(`INSERT INTO webhook_endpoints (id, tenant_id, url, events, description, secret_ciphertext) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`);

export const endpointById = statement<[tenantId: string, id: string], WebhookEndpointRow>(
  `SELECT ${COLUMNS} FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2`,
);

/** A page in (created_at to the millisecond, id) order after the given position (both null: the first page). */
export const endpointPage = statement<[tenantId: string, afterCreatedAt: Date | null, afterId: string | null, limit: number], WebhookEndpointRow>(
  `SELECT ${COLUMNS} FROM webhook_endpoints
    WHERE tenant_id = $1 AND ($2::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) > ($2::timestamptz, $3::uuid))
    ORDER BY date_trunc('milliseconds', created_at), id LIMIT $4`,
);

/** A patch: null leaves a column as it is; `hasDescription` tells a cleared description from an absent one. */
export const updateEndpoint = statement<
  [
    tenantId: string,
    id: string,
    url: string | null,
    events: string[] | null,
    hasDescription: boolean,
    description: string | null,
    status: 'enabled' | 'disabled' | null,
    disabledReason: string | null,
  ],
  WebhookEndpointRow
>(
  `UPDATE webhook_endpoints SET
      url = COALESCE($3, url),
      events = COALESCE($4, events),
      description = CASE WHEN $5 THEN $6 ELSE description END,
      status = COALESCE($7, status),
      disabled_reason = CASE WHEN $7::text IS NULL THEN disabled_reason ELSE $8 END,
      -- An admin's enable or disable closes the failing run and the automatic flag.
      failing_since = CASE WHEN $7::text IS NULL THEN failing_since END,
      auto_disabled_at = CASE WHEN $7::text IS NULL THEN auto_disabled_at END,
      updated_at = clock_timestamp()
    WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
);

export const deleteEndpoint = statement<[tenantId: string, id: string], { id: string }>(
  `DELETE FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2 RETURNING id`,
);

/** The current secret becomes the previous one, accepted for `overlapSeconds` more. */
export const rotateEndpointSecret = statement<[tenantId: string, id: string, sealedSecret: string, overlapSeconds: number], WebhookEndpointRow>(
  `UPDATE webhook_endpoints SET
      previous_secret_ciphertext = secret_ciphertext,
      previous_secret_expires_at = clock_timestamp() + make_interval(secs => $4),
      secret_ciphertext = $3,
      secret_rotated_at = clock_timestamp(),
      updated_at = clock_timestamp()
    WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
);

export const endpointCount = statement<[tenantId: string], { n: number }>(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE tenant_id = $1`);

/** Opens a failing run (or keeps the one already open) and answers when it began. */
export const noteEndpointFailure = statement<[tenantId: string, id: string], { failing_since: Date }>(
  `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, clock_timestamp())
    WHERE tenant_id = $1 AND id = $2 RETURNING failing_since`,
);

export const noteEndpointSuccess = statement<[tenantId: string, id: string], Record<string, never>>(
  `UPDATE webhook_endpoints SET failing_since = NULL WHERE tenant_id = $1 AND id = $2 AND failing_since IS NOT NULL`,
);

/** Disables an enabled endpoint whose failing run began at or before `failingBefore` (null: any). */
export const disableEndpointAutomatically = statement<[tenantId: string, id: string, reason: string, failingBefore: Date | null], WebhookEndpointRow>(
  `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $3, auto_disabled_at = clock_timestamp(), updated_at = clock_timestamp()
    WHERE tenant_id = $1 AND id = $2 AND status = 'enabled' AND ($4::timestamptz IS NULL OR failing_since <= $4::timestamptz)
    RETURNING ${COLUMNS}`,
);

/** The sealed current secret and, while its overlap lasts, the previous one. */
export const sealedSecretsOf = statement<[tenantId: string, id: string], SealedSecrets>(
  `SELECT secret_ciphertext AS current,
          CASE WHEN previous_secret_expires_at > clock_timestamp() THEN previous_secret_ciphertext END AS previous
     FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2`,
);

export function toWebhookEndpoint(r: WebhookEndpointRow): WebhookEndpointRecord {
  return {
    id: r.id,
    tenantId: r.tenant_id,
    url: r.url,
    events: r.events,
    description: r.description,
    status: r.status,
    disabledReason: r.disabled_reason,
    secretRotatedAt: r.secret_rotated_at,
    previousSecretExpiresAt: r.previous_secret_expires_at,
    failingSince: r.failing_since,
    autoDisabledAt: r.auto_disabled_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
