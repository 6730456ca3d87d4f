import { ClientReferences } from '../booking/ports/client-references';
import type { ClientReferenceFailure, ClientReferenceRecord } from '../booking/rules/client-reference';

/** An in-memory `ClientReferences` (docs/booking-chain.md "After a timeout"). */
export class FakeClientReferences extends ClientReferences {
  rows: ClientReferenceRecord[] = [];
  /** Each `find` may move a reference on, as a concurrent confirmation would. */
  onFind: ((rows: ClientReferenceRecord[]) => void) | null = null;

  add(overrides: Partial<ClientReferenceRecord> & Pick<ClientReferenceRecord, 'tenantId' | 'agentId' | 'clientReference' | 'holdId'>): ClientReferenceRecord {
    const row: ClientReferenceRecord = {
      state: 'pending',
      attemptId: null,
      idempotencyKey: null,
      bookingId: null,
      failure: null,
      createdAt: new Date(),
      updatedAt: new Date(),
      ...overrides,
    };
    this.rows.push(row);
    return row;
  }

  async find(tenantId: string, agentId: string, clientReference: string) {
    this.onFind?.(this.rows);
    const r = this.rows.find((x) => x.tenantId === tenantId && x.agentId === agentId && x.clientReference === clientReference);
    return r ? structuredClone(r) : null;
  }

  async recordFailure(input: { tenantId: string; agentId: string; clientReference: string; holdId: string; failure: ClientReferenceFailure }) {
    if (await this.find(input.tenantId, input.agentId, input.clientReference)) return;
    this.add({ ...input, state: 'failed' });
  }

  async failAttempt(tenantId: string, attemptId: string, failure: ClientReferenceFailure) {
    const r = this.rows.find((x) => x.tenantId === tenantId && x.attemptId === attemptId && x.state === 'pending');
    if (r) Object.assign(r, { state: 'failed', failure, updatedAt: new Date() });
  }
}
