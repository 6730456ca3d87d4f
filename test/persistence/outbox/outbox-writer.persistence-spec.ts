import { randomUUID } from 'node:crypto';
import { AuditLog, OutboxWriter } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

interface OutboxRow {
  type: string;
  aggregate_type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  trace_id: string;
  sequence: string | null;
}

describe('SqlOutboxWriter (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let outbox: OutboxWriter;
  let chain: SeededChain;
  const traceId = randomUUID().replace(/-/g, '');

  beforeAll(async () => {
    tier = await startPersistenceTier();
    outbox = tier.get(OutboxWriter);
    chain = await seedChain(tier);
  });
  afterAll(() => tier.close());

  const rowsFor = (aggregateId: string) =>
    tier.query<OutboxRow>(`SELECT type, aggregate_type, aggregate_id, payload, trace_id, sequence FROM outbox_events WHERE aggregate_id = $1 ORDER BY type`, [
      aggregateId,
    ]);

  it('numbers a chain event with the audit seq of the entry of its type', async () => {
    const holdId = randomUUID();
    const audit = tier.get(AuditLog);
    const actor = { kind: 'agent' as const, id: chain.agentId };
    await audit.append({ tenantId: chain.tenantId, quoteId: chain.quote.id, holdId, type: 'hold.created', actor, traceId });
    await audit.append({ tenantId: chain.tenantId, quoteId: chain.quote.id, holdId, type: 'hold.released', actor, traceId });

    // quote.created (1), hold.created (2), hold.released (3)
    await outbox.append({ tenantId: chain.tenantId, type: 'hold.created', aggregateType: 'hold', aggregateId: holdId, payload: { hold_id: holdId }, traceId });
    await outbox.append({ tenantId: chain.tenantId, type: 'hold.expired', aggregateType: 'hold', aggregateId: holdId, payload: { hold_id: holdId }, traceId });

    await expect(rowsFor(holdId)).resolves.toEqual([
      { type: 'hold.created', aggregate_type: 'hold', aggregate_id: holdId, payload: { hold_id: holdId }, trace_id: traceId, sequence: '2' },
      // No entry of that type: the chain's latest.
      { type: 'hold.expired', aggregate_type: 'hold', aggregate_id: holdId, payload: { hold_id: holdId }, trace_id: traceId, sequence: '3' },
    ]);
  });

  it('leaves the sequence null for an event outside a booking chain', async () => {
    const endpointId = randomUUID();

    await outbox.append({
      tenantId: chain.tenantId,
      type: 'webhook.test',
      aggregateType: 'webhook_endpoint',
      aggregateId: endpointId,
      payload: { endpoint_id: endpointId, booking_id: 'not-a-uuid' },
      traceId,
    });

    await expect(rowsFor(endpointId)).resolves.toMatchObject([{ type: 'webhook.test', sequence: null }]);
  });

  it("numbers a hold's events from its quote's entries when the view names the quote, one by one and in a batch", async () => {
    const holdId = randomUUID();
    const audit = tier.get(AuditLog);
    const actor = { kind: 'agent' as const, id: chain.agentId };
    // Another chain's later entries on the same tenant, which the hold's lookup must not see.
    const other = randomUUID();
    await audit.append({ tenantId: chain.tenantId, quoteId: chain.quote.id, holdId, type: 'hold.created', actor, traceId });
    await audit.append({ tenantId: chain.tenantId, quoteId: randomUUID(), holdId: other, type: 'hold.created', actor, traceId });
    const quoted = (type: string) => ({
      tenantId: chain.tenantId,
      type,
      aggregateType: 'hold',
      aggregateId: holdId,
      payload: { hold_id: holdId, quote_id: chain.quote.id },
      traceId,
    });

    // This chain: quote.created (1) and the hold.created entries of the tests above and this one.
    const [{ seq }] = await tier.query<{ seq: string }>(
      `SELECT count(*)::text AS seq FROM audit_events WHERE tenant_id = $1 AND quote_id = $2 AND (hold_id IS NULL OR hold_id = $3) AND id <= (SELECT max(id) FROM audit_events WHERE hold_id = $3)`,
      [chain.tenantId, chain.quote.id, holdId],
    );
    await outbox.append(quoted('hold.created'));
    await outbox.appendAll([quoted('hold.expired')]);

    await expect(rowsFor(holdId)).resolves.toMatchObject([
      { type: 'hold.created', sequence: seq },
      { type: 'hold.expired', sequence: seq },
    ]);
  });
});
