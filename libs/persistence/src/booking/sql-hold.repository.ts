import { Injectable } from '@nestjs/common';
import {
  ClientReferenceRecord,
  CreatedHold,
  HoldRecord,
  HoldRepository,
  HoldState,
  IdempotentRequest,
  NewHold,
  QuoteRecord,
  SealedResponse,
  SweepFailure,
} from '@hcs/domain';
import { toClientReference } from './client-reference-row';
import { quoteFromJson } from './quote-row';
import { SqlClient } from '../sql/sql-client';
import { readClaimingKey } from '../idempotency/claiming-read';
import { SqlParams } from './sql-params';
import {
  createdHold,
  HOLD_COLUMNS as COLUMNS,
  holdKeys,
  holdLimitRefusal,
  HoldRow,
  holdById,
  holdWithQuote,
  holdWrittenAndSealed,
  SealedHoldRow,
  toHold,
} from './hold-row';

@Injectable()
export class SqlHoldRepository extends HoldRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  /** One statement; refused (`hold_limit_reached`) when the agent already has its ceiling of live holds. */
  async create(h: NewHold, idempotency: SealedResponse | null = null): Promise<CreatedHold> {
    const p = new SqlParams();
    const sql = `WITH ${holdWrittenAndSealed(p, h, holdKeys(p, h), { idempotency })}`;
    try {
      return createdHold((await this.sql.rows<SealedHoldRow>(sql, p.values))[0]);
    } catch (error) {
      throw holdLimitRefusal(error, h.maxLiveHolds) ?? error;
    }
  }

  async findById(tenantId: string, id: string): Promise<HoldRecord | null> {
    const rows = await this.sql.run(holdById, [tenantId, id]);
    return rows[0] ? toHold(rows[0]) : null;
  }

  async findWithQuote(
    tenantId: string,
    id: string,
    reference: { agentId: string; clientReference: string } | null = null,
    idempotency: IdempotentRequest | null = null,
  ): Promise<{ hold: HoldRecord; quote: QuoteRecord | null; reference: ClientReferenceRecord | null } | null> {
    const rows = await readClaimingKey(this.sql, holdWithQuote, [tenantId, id, reference?.agentId ?? null, reference?.clientReference ?? null], idempotency);
    const r = rows[0];
    return r ? { hold: toHold(r), quote: r.quote ? quoteFromJson(r.quote) : null, reference: r.reference ? toClientReference(r.reference) : null } : null;
  }

  async transition(
    tenantId: string,
    id: string,
    from: HoldState[],
    to: HoldState,
    options: { onlyIfExpired?: boolean; onlyIfLive?: boolean; convertingKey?: string | null; requireConvertingKey?: string } = {},
  ): Promise<HoldRecord | null> {
    const params: unknown[] = [tenantId, id, from, to, to === 'converting' ? (options.convertingKey ?? null) : null];
    let where = 'tenant_id = $1 AND id = $2 AND state = ANY($3::text[])';
    if (options.onlyIfExpired) where += ' AND expires_at <= now()';
    if (options.onlyIfLive) where += ' AND expires_at > now()';
    if (options.requireConvertingKey !== undefined) {
      params.push(options.requireConvertingKey);
      where += ` AND converting_key = $${params.length}`;
    }
    const rows = await this.sql.rows<HoldRow>(
      `UPDATE holds SET state = $4, converting_key = $5, updated_at = now() WHERE ${where} RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] ? toHold(rows[0]) : null;
  }

  async listExpiredHeld(limit: number, overdueMs = 0): Promise<Array<{ tenantId: string; holdId: string }>> {
    const rows = await this.sql.rows<{ tenant_id: string; id: string }>(
      `SELECT tenant_id, id FROM holds
        WHERE state = 'held' AND expires_at <= now() - make_interval(secs => $2::float8 / 1000) AND expiry_dead_lettered_at IS NULL
        ORDER BY expires_at LIMIT $1`,
      [limit, overdueMs],
    );
    return rows.map((r) => ({ tenantId: r.tenant_id, holdId: r.id }));
  }

  async recordExpiryFailure(tenantId: string, holdId: string, error: string, maxAttempts: number): Promise<SweepFailure> {
    const rows = await this.sql.rows<{ attempts: number; dead_lettered: boolean }>(
      `UPDATE holds SET expiry_attempts = expiry_attempts + 1, expiry_last_error = left($3, 1000),
              expiry_dead_lettered_at = CASE WHEN expiry_attempts + 1 >= $4 THEN now() ELSE NULL END
        WHERE tenant_id = $1 AND id = $2
        RETURNING expiry_attempts AS attempts, expiry_dead_lettered_at IS NOT NULL AS dead_lettered`,
      [tenantId, holdId, error, maxAttempts],
    );
    return rows[0] ? { attempts: rows[0].attempts, deadLettered: rows[0].dead_lettered } : { attempts: 0, deadLettered: false };
  }
}
