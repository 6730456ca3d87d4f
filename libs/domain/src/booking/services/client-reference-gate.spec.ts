import type { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { agentActor, AGENT, booking, FakeBookings, FakePayments, TENANT } from '../../testing/fake-chain-ports';
import { FakeClientReferences } from '../../testing/fake-client-references';
import { ClientReferenceGate } from './client-reference-gate';

describe('ClientReferenceGate', () => {
  const config = { paymentTimeoutMs: 300 } as AppConfig;
  let references: FakeClientReferences;
  let bookings: FakeBookings;
  let payments: FakePayments;
  let gate: ClientReferenceGate;
  const confirmation = { clientReference: 'ref', holdId: 'hold-1', idempotencyKey: 'key-2' };

  beforeEach(() => {
    references = new FakeClientReferences();
    bookings = new FakeBookings();
    payments = new FakePayments();
    gate = new ClientReferenceGate(references, bookings, payments, config);
  });

  it('lets a new reference through, answers the booking already made, refuses another hold', async () => {
    await expect(gate.before(null, confirmation, agentActor())).resolves.toBeNull();
    const b = booking({ holdId: 'hold-1' });
    bookings.rows.push(b);
    payments.add(b.id, 100);
    const made = references.add({ tenantId: TENANT, agentId: AGENT, clientReference: 'ref', holdId: 'hold-1', state: 'confirmed', bookingId: b.id });
    const answer = await gate.before(made, confirmation, agentActor());
    expect(answer?.data.booking_id).toBe(b.id);
    expect(answer?.meta.status).toBe(201);
    await expect(gate.before({ ...made, holdId: 'hold-9' }, confirmation, agentActor())).rejects.toMatchObject({
      code: 'client_reference_conflict',
      detail: { client_reference: 'ref', hold_id: 'hold-1', client_reference_hold_id: 'hold-9' },
    });
  });

  it('waits for a payment in flight under another key and answers its outcome', async () => {
    const b = booking({ holdId: 'hold-1' });
    bookings.rows.push(b);
    payments.add(b.id, 100);
    const pending = references.add({ tenantId: TENANT, agentId: AGENT, clientReference: 'ref', holdId: 'hold-1', idempotencyKey: 'key-1' });
    let reads = 0;
    references.onFind = (rows) => {
      if (++reads === 2) Object.assign(rows[0], { state: 'confirmed', bookingId: b.id });
    };
    const answer = await gate.before(pending, confirmation, agentActor());
    expect(answer?.data.booking_id).toBe(b.id);
  });

  it('answers payment_timeout when the other payment is still in flight after the budget', async () => {
    const pending = references.add({ tenantId: TENANT, agentId: AGENT, clientReference: 'ref', holdId: 'hold-1', idempotencyKey: 'key-1' });
    await expect(gate.before(pending, confirmation, agentActor())).rejects.toMatchObject({ code: 'payment_timeout', retryAfter: 1 });
  }, 10_000);

  it('records a definite failure once, and leaves what a retry could change unrecorded', async () => {
    await expect(gate.afterFailure(new DomainError('hold_expired', { detail: { hold_id: 'hold-1' } }), confirmation, agentActor())).rejects.toMatchObject({
      code: 'hold_expired',
    });
    expect(references.rows).toEqual([
      expect.objectContaining({ state: 'failed', failure: { code: 'hold_expired', status: 410, detail: { hold_id: 'hold-1' } } }),
    ]);
    await expect(gate.afterFailure(new DomainError('hold_not_found'), { ...confirmation, clientReference: 'other' }, agentActor())).rejects.toMatchObject({
      code: 'hold_not_found',
    });
    expect(references.rows).toHaveLength(1);
  });

  it('a confirmation that lost the race to another of the same reference answers what that one became', async () => {
    const b = booking({ holdId: 'hold-1' });
    bookings.rows.push(b);
    payments.add(b.id, 100);
    references.add({
      tenantId: TENANT,
      agentId: AGENT,
      clientReference: 'ref',
      holdId: 'hold-1',
      state: 'confirmed',
      bookingId: b.id,
      idempotencyKey: 'key-1',
    });
    const answer = await gate.afterFailure(new DomainError('hold_not_active', { detail: { state: 'converted' } }), confirmation, agentActor());
    expect(answer.data.booking_id).toBe(b.id);
  });
});
