import { Injectable } from '@nestjs/common';
import { ClientReferenceFailure, ClientReferenceRecord, ClientReferences } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import { CLIENT_REFERENCE_COLUMNS, ClientReferenceRow, toClientReference } from './client-reference-row';
import { json } from '../sql/sql-values';

const byReference = statement<[tenantId: string, agentId: string, clientReference: string], ClientReferenceRow>(
  `SELECT ${CLIENT_REFERENCE_COLUMNS} FROM booking_client_references WHERE tenant_id = $1 AND agent_id = $2 AND client_reference = $3`,
);

/** A failure before the payment: recorded unless the reference already stands for something. */
const recordFailure = statement<
  [tenantId: string, agentId: string, clientReference: string, holdId: string, code: string, status: number, detail: string],
  Record<string, never>
>(
  `INSERT INTO booking_client_references (tenant_id, agent_id, client_reference, hold_id, state, error_code, error_status, error_detail)
   VALUES ($1, $2, $3, $4, 'failed', $5, $6, $7::jsonb) ON CONFLICT DO NOTHING`,
);

const failAttempt = statement<[tenantId: string, attemptId: string, code: string, status: number, detail: string], Record<string, never>>(
  `UPDATE booking_client_references SET state = 'failed', error_code = $3, error_status = $4, error_detail = $5::jsonb, updated_at = now()
    WHERE tenant_id = $1 AND attempt_id = $2 AND state = 'pending'`,
);

/** `booking_client_references`: reads and the failures that end a reference (the claim is the booking's own statement). */
@Injectable()
export class SqlClientReferences extends ClientReferences {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async find(tenantId: string, agentId: string, clientReference: string): Promise<ClientReferenceRecord | null> {
    const rows = await this.sql.run(byReference, [tenantId, agentId, clientReference]);
    return rows[0] ? toClientReference(rows[0]) : null;
  }

  async recordFailure(input: { tenantId: string; agentId: string; clientReference: string; holdId: string; failure: ClientReferenceFailure }): Promise<void> {
    const f = input.failure;
    await this.sql.run(recordFailure, [input.tenantId, input.agentId, input.clientReference, input.holdId, f.code, f.status, json(f.detail)]);
  }

  async failAttempt(tenantId: string, attemptId: string, failure: ClientReferenceFailure): Promise<void> {
    await this.sql.run(failAttempt, [tenantId, attemptId, failure.code, failure.status, json(failure.detail)]);
  }
}
