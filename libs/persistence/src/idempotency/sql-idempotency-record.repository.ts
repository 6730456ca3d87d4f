import { Injectable } from '@nestjs/common';
import { IdempotencyRecord, IdempotencyRecordRepository, IdempotencyScope, StoredResponse } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';

const KEY = 'tenant_id = $1 AND principal_id = $2 AND route = $3 AND idempotency_key = $4';
const keyParams = (s: IdempotencyScope): [string, string, string, string] => [s.tenantId, s.principalId, s.route, s.key];

interface IdempotencyRow {
  request_hash: string;
  state: 'in_progress' | 'completed';
  response_status: number | null;
  response_body: unknown;
  lease_expired: boolean;
  expired: boolean;
}

/** Idempotency records on `idempotency_records`; every time is the database's. */
@Injectable()
export class SqlIdempotencyRecordRepository extends IdempotencyRecordRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async tryBegin(scope: IdempotencyScope, requestHash: string, leaseMs: number, retentionHours: number): Promise<boolean> {
    const rows = await this.sql.rows<{ ok: number }>(
      `INSERT INTO idempotency_records (tenant_id, principal_id, route, idempotency_key, request_hash, state, locked_until, expires_at)
       VALUES ($1, $2, $3, $4, $5, 'in_progress', now() + make_interval(secs => $6::double precision / 1000), now() + make_interval(hours => $7))
       ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
      [...keyParams(scope), requestHash, leaseMs, retentionHours],
    );
    return rows.length === 1;
  }

  async find(scope: IdempotencyScope): Promise<IdempotencyRecord | null> {
    const rows = await this.sql.rows<IdempotencyRow>(
      `SELECT request_hash, state, response_status, response_body, (locked_until IS NOT NULL AND locked_until < now()) AS lease_expired,
              (expires_at <= now()) AS expired
         FROM idempotency_records WHERE ${KEY}`,
      keyParams(scope),
    );
    const r = rows[0];
    if (!r) return null;
    return {
      requestHash: r.request_hash,
      state: r.state,
      response: r.state === 'completed' && r.response_status !== null ? { status: r.response_status, body: r.response_body } : null,
      leaseExpired: r.lease_expired,
      expired: r.expired,
    };
  }

  async takeOver(scope: IdempotencyScope, requestHash: string, leaseMs: number): Promise<boolean> {
    const rows = await this.sql.rows<{ ok: number }>(
      `UPDATE idempotency_records SET locked_until = now() + make_interval(secs => $6::double precision / 1000)
        WHERE ${KEY} AND state = 'in_progress' AND request_hash = $5 AND locked_until < now() RETURNING 1 AS ok`,
      [...keyParams(scope), requestHash, leaseMs],
    );
    return rows.length === 1;
  }

  async renewLease(scope: IdempotencyScope, leaseMs: number): Promise<void> {
    await this.sql.affected(
      `UPDATE idempotency_records SET locked_until = now() + make_interval(secs => $5::double precision / 1000) WHERE ${KEY} AND state = 'in_progress'`,
      [...keyParams(scope), leaseMs],
    );
  }

  async complete(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    await this.sql.affected(
      `UPDATE idempotency_records SET state = 'completed', response_status = $5, response_body = $6::json, locked_until = NULL WHERE ${KEY}`,
      [...keyParams(scope), response.status, JSON.stringify(response.body)],
    );
  }

  async abandon(scope: IdempotencyScope): Promise<void> {
    await this.sql.affected(`DELETE FROM idempotency_records WHERE ${KEY} AND state = 'in_progress'`, keyParams(scope));
  }

  async deleteExpired(scope: IdempotencyScope): Promise<void> {
    await this.sql.affected(`DELETE FROM idempotency_records WHERE ${KEY} AND expires_at <= now()`, keyParams(scope));
  }

  async purgeExpired(limit: number): Promise<number> {
    // Oldest first through idempotency_records_expires_idx; rows another purge holds are skipped.
    const rows = await this.sql.rows<{ ok: number }>(
      `DELETE FROM idempotency_records WHERE ctid IN (
         SELECT ctid FROM idempotency_records WHERE expires_at <= now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
       ) RETURNING 1 AS ok`,
      [limit],
    );
    return rows.length;
  }
}
