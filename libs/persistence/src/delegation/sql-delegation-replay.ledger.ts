import { Injectable } from '@nestjs/common';
import { DelegationReplayLedger, DelegationUse } from '@hcs/domain';
import { TransactionHost, Tx } from '../transaction-host';

@Injectable()
export class SqlDelegationReplayLedger extends DelegationReplayLedger {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return (this.tx as Tx).tx;
  }

  async claim(use: DelegationUse): Promise<boolean> {
    // One statement: a new jti is inserted, an expired use is taken over, a live use is kept and
    // returned only when it is this same request (agent + Idempotency-Key) coming back.
    const rows = (await this.m.query(
      `INSERT INTO delegation_jti_uses (tenant_id, iss, jti, expires_at, principal_id, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, iss, jti) DO UPDATE
         SET expires_at = EXCLUDED.expires_at, principal_id = EXCLUDED.principal_id, idempotency_key = EXCLUDED.idempotency_key, used_at = now()
         WHERE delegation_jti_uses.expires_at <= now()
            OR (delegation_jti_uses.principal_id = EXCLUDED.principal_id AND delegation_jti_uses.idempotency_key = EXCLUDED.idempotency_key)
       RETURNING 1 AS ok`,
      [use.tenantId, use.iss, use.jti, use.expiresAt, use.principalId, use.idempotencyKey],
    )) as unknown[];
    return rows.length > 0;
  }
}
