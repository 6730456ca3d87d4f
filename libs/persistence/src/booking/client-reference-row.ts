import type { ErrorCode } from '@hcs/contracts';
import type { ClientReferenceRecord, ClientReferenceState } from '@hcs/domain';

/** The columns, row type and mapper of `booking_client_references` (docs/booking-chain.md "After a timeout"). */
export const CLIENT_REFERENCE_COLUMNS = `tenant_id, agent_id, client_reference, hold_id, state, attempt_id, idempotency_key, booking_id,
  error_code, error_status, error_detail, created_at, updated_at`;

export interface ClientReferenceRow {
  tenant_id: string;
  agent_id: string;
  client_reference: string;
  hold_id: string;
  state: ClientReferenceState;
  attempt_id: string | null;
  idempotency_key: string | null;
  booking_id: string | null;
  error_code: string | null;
  error_status: number | null;
  error_detail: Record<string, unknown> | null;
  /** Dates come back as strings when the row is read through `to_jsonb`. */
  created_at: Date | string;
  updated_at: Date | string;
}

export const toClientReference = (r: ClientReferenceRow): ClientReferenceRecord => ({
  tenantId: r.tenant_id,
  agentId: r.agent_id,
  clientReference: r.client_reference,
  holdId: r.hold_id,
  state: r.state,
  attemptId: r.attempt_id,
  idempotencyKey: r.idempotency_key,
  bookingId: r.booking_id,
  failure: r.error_code ? { code: r.error_code as ErrorCode, status: r.error_status ?? 409, detail: r.error_detail ?? {} } : null,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});
