import { Injectable } from '@nestjs/common';
import { ListPosition, NewWebhookEndpoint, SealedSecrets, WebhookEndpointPatch, WebhookEndpointRecord, WebhookEndpointRepository } from '@hcs/domain';
import { affected, modify } from '../booking/sql';
import { SqlClient } from '../sql/sql-client';
import { TransactionHost } from '../transaction-host';

interface Row {
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

function toRecord(r: Row): WebhookEndpointRecord {
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

/** Webhook endpoints; the sealed secrets leave this class only through `sealedSecrets`. */
@Injectable()
export class TypeOrmWebhookEndpointRepository extends WebhookEndpointRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly sql: SqlClient,
  ) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  async create(e: NewWebhookEndpoint): Promise<WebhookEndpointRecord> {
    const rows = (await this.m.query(
      `INSERT INTO webhook_endpoints (id, tenant_id, url, events, description, secret_ciphertext) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [e.id, e.tenantId, e.url, e.events, e.description, e.sealedSecret],
    )) as Row[];
    return toRecord(rows[0]);
  }

  async findById(tenantId: string, id: string): Promise<WebhookEndpointRecord | null> {
    const rows = (await this.m.query(`SELECT ${COLUMNS} FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) as Row[];
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async list(tenantId: string, after: ListPosition | null, limit: number): Promise<WebhookEndpointRecord[]> {
    const rows = (await this.m.query(
      `SELECT ${COLUMNS} FROM webhook_endpoints
        WHERE tenant_id = $1 AND ($2::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) > ($2::timestamptz, $3::uuid))
        ORDER BY date_trunc('milliseconds', created_at), id LIMIT $4`,
      [tenantId, after?.createdAt ?? null, after?.id ?? null, limit],
    )) as Row[];
    return rows.map(toRecord);
  }

  async update(tenantId: string, id: string, p: WebhookEndpointPatch): Promise<WebhookEndpointRecord | null> {
    const rows = await modify<Row>(
      this.m,
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
      [tenantId, id, p.url ?? null, p.events ?? null, p.description !== undefined, p.description ?? null, p.status ?? null, p.disabledReason ?? null],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await affected(this.m, `DELETE FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) > 0;
  }

  async rotateSecret(tenantId: string, id: string, sealedSecret: string, overlapSeconds: number): Promise<WebhookEndpointRecord | null> {
    const rows = await modify<Row>(
      this.m,
      `UPDATE webhook_endpoints SET
          previous_secret_ciphertext = secret_ciphertext,
          previous_secret_expires_at = clock_timestamp() + make_interval(secs => $4),
          secret_ciphertext = $3,
          secret_rotated_at = clock_timestamp(),
          updated_at = clock_timestamp()
        WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [tenantId, id, sealedSecret, overlapSeconds],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async countForTenant(tenantId: string): Promise<number> {
    const rows = await this.sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_endpoints WHERE tenant_id = $1`, [tenantId]);
    return rows[0]?.n ?? 0;
  }

  async noteFailure(tenantId: string, id: string): Promise<Date | null> {
    const rows = await modify<{ failing_since: Date }>(
      this.m,
      `UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, clock_timestamp())
        WHERE tenant_id = $1 AND id = $2 RETURNING failing_since`,
      [tenantId, id],
    );
    return rows[0]?.failing_since ?? null;
  }

  async noteSuccess(tenantId: string, id: string): Promise<void> {
    await this.m.query(`UPDATE webhook_endpoints SET failing_since = NULL WHERE tenant_id = $1 AND id = $2 AND failing_since IS NOT NULL`, [tenantId, id]);
  }

  async disableAutomatically(tenantId: string, id: string, reason: string, failingBefore: Date | null): Promise<WebhookEndpointRecord | null> {
    const rows = await modify<Row>(
      this.m,
      `UPDATE webhook_endpoints SET status = 'disabled', disabled_reason = $3, auto_disabled_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE tenant_id = $1 AND id = $2 AND status = 'enabled' AND ($4::timestamptz IS NULL OR failing_since <= $4::timestamptz)
        RETURNING ${COLUMNS}`,
      [tenantId, id, reason, failingBefore],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async sealedSecrets(tenantId: string, id: string): Promise<SealedSecrets | null> {
    const rows = (await this.m.query(
      `SELECT secret_ciphertext AS current,
              CASE WHEN previous_secret_expires_at > clock_timestamp() THEN previous_secret_ciphertext END AS previous
         FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    )) as SealedSecrets[];
    return rows[0] ?? null;
  }
}
