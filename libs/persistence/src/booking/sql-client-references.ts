import { Injectable } from '@nestjs/common';
import { ClientReferenceFailure, ClientReferenceRecord, ClientReferences } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { CLIENT_REFERENCE_COLUMNS, ClientReferenceRow, toClientReference } from './client-reference-row';
import { json } from './sql';

/** `booking_client_references`: reads and the failures that end a reference (the claim is the booking's own statement). */
@Injectable()
export class SqlClientReferences extends ClientReferences {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  async find(tenantId: string, agentId: string, clientReference: string): Promise<ClientReferenceRecord | null> {
    const rows = (await this.m.query(
      `SELECT ${CLIENT_REFERENCE_COLUMNS} FROM booking_client_references WHERE tenant_id = $1 AND agent_id = $2 AND client_reference = $3`,
      [tenantId, agentId, clientReference],
    )) as ClientReferenceRow[];
    return rows[0] ? toClientReference(rows[0]) : null;
  }

  async recordFailure(input: { tenantId: string; agentId: string; clientReference: string; holdId: string; failure: ClientReferenceFailure }): Promise<void> {
    const f = input.failure;
    await this.m.query(
      `INSERT INTO booking_client_references (tenant_id, agent_id, client_reference, hold_id, state, error_code, error_status, error_detail)
       VALUES ($1, $2, $3, $4, 'failed', $5, $6, $7::jsonb) ON CONFLICT DO NOTHING`,
      [input.tenantId, input.agentId, input.clientReference, input.holdId, f.code, f.status, json(f.detail)],
    );
  }

  async failAttempt(tenantId: string, attemptId: string, failure: ClientReferenceFailure): Promise<void> {
    await this.m.query(
      `UPDATE booking_client_references SET state = 'failed', error_code = $3, error_status = $4, error_detail = $5::jsonb, updated_at = now()
        WHERE tenant_id = $1 AND attempt_id = $2 AND state = 'pending'`,
      [tenantId, attemptId, failure.code, failure.status, json(failure.detail)],
    );
  }
}
