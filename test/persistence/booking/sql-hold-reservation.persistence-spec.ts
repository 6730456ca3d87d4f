import { randomUUID } from 'node:crypto';
import { HoldRepository, HoldReservation, IdempotencyRecordRepository, type ChainAuditEntry, type HoldReservationRequest } from '@hcs/domain';
import { SqlClient } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';

const NIGHTS = ['2099-05-11', '2099-05-10'];

function request(chain: SeededChain): HoldReservationRequest {
  const audit: ChainAuditEntry = { type: 'hold.created', actor: { kind: 'agent', id: chain.agentId }, traceId: randomUUID().replace(/-/g, ''), data: {} };
  return {
    hold: {
      tenantId: chain.tenantId,
      agentId: chain.agentId,
      quoteId: chain.quote.id,
      roomTypeId: chain.roomType.id,
      stay: chain.quote.stay,
      units: 1,
      ...newHoldIdentity(600),
      maxLiveHolds: 1000,
    },
    nights: NIGHTS,
    audit,
  };
}

describe('SqlHoldReservation (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let reservation: HoldReservation;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    reservation = tier.get(HoldReservation);
    chain = await seedChain(tier, { defaultInventory: 1 });
  });
  afterAll(() => tier.close());

  const nights = () =>
    tier.query<{ night: string; allotment: number; held: number; sold: number }>(
      `SELECT to_char(night, 'YYYY-MM-DD') AS night, allotment, held, sold FROM inventory_nights WHERE room_type_id = $1 ORDER BY night`,
      [chain.roomType.id],
    );

  it('takes one room on every night, in one statement with the hold row and its audit entry', async () => {
    const result = await reservation.reserve(request(chain));

    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.hold).toMatchObject({ tenantId: chain.tenantId, quoteId: chain.quote.id, state: 'held', stay: chain.quote.stay, expired: false });
    // Missing night rows start at the room type's default inventory.
    await expect(nights()).resolves.toEqual([
      { night: '2099-05-10', allotment: 1, held: 1, sold: 0 },
      { night: '2099-05-11', allotment: 1, held: 1, sold: 0 },
    ]);
    const audit = await tier.query<{ type: string; hold_id: string; data: { expires_at: string } }>(
      `SELECT type, hold_id, data FROM audit_events WHERE tenant_id = $1 AND hold_id = $2`,
      [chain.tenantId, result.hold.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0].type).toBe('hold.created');
    // The entry's expires_at is the hold row's own, filled by the same statement.
    expect(new Date(audit[0].data.expires_at).getTime()).toBe(result.hold.expiresAt.getTime());
  });

  it('refuses the whole reservation when a night is full, and writes nothing', async () => {
    const holdsBefore = await tier.query<{ n: number }>(`SELECT count(*)::int AS n FROM holds WHERE tenant_id = $1`, [chain.tenantId]);

    await expect(reservation.reserve(request(chain))).resolves.toEqual({ ok: false });

    await expect(tier.query(`SELECT count(*)::int AS n FROM holds WHERE tenant_id = $1`, [chain.tenantId])).resolves.toEqual(holdsBefore);
    await expect(nights()).resolves.toEqual([
      { night: '2099-05-10', allotment: 1, held: 1, sold: 0 },
      { night: '2099-05-11', allotment: 1, held: 1, sold: 0 },
    ]);
  });

  it('gives the last room to exactly one of two concurrent reservations', async () => {
    const other = await seedChain(tier, { defaultInventory: 1 });

    const results = await Promise.all([reservation.reserve(request(other)), reservation.reserve(request(other))]);

    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const rows = await tier.query<{ held: number }>(`SELECT held FROM inventory_nights WHERE room_type_id = $1`, [other.roomType.id]);
    expect(rows.map((r) => r.held)).toEqual([1, 1]);
  });

  describe("the request's idempotency record, sealed in the hold's statement", () => {
    const claimed = async (tenantId: string, principalId: string) => {
      const scope = { tenantId, principalId, route: 'POST /v1/holds', key: `key-${randomUUID()}` };
      expect(await tier.get(IdempotencyRecordRepository).tryBegin(scope, 'hash', 15_000, 24)).toBe(true);
      return scope;
    };
    const response = { status: 201, body: { data: { hold_id: 'answered' } } };

    it('is completed with the answer by the statement that writes the hold', async () => {
      const roomy = await seedChain(tier, { defaultInventory: 5 });
      const scope = await claimed(roomy.tenantId, roomy.agentId);
      const result = await reservation.reserve({ ...request(roomy), idempotency: { scope, response } });
      expect(result).toMatchObject({ ok: true, sealed: true });
      await expect(tier.get(IdempotencyRecordRepository).find(scope)).resolves.toMatchObject({ state: 'completed', response, leaseExpired: false });
    });

    it('stays in progress when the statement is refused: the layer answers the refusal', async () => {
      const full = await seedChain(tier, { defaultInventory: 1 });
      expect((await reservation.reserve(request(full))).ok).toBe(true);
      const scope = await claimed(full.tenantId, full.agentId);
      await expect(reservation.reserve({ ...request(full), idempotency: { scope, response } })).resolves.toEqual({ ok: false });
      await expect(tier.get(IdempotencyRecordRepository).find(scope)).resolves.toMatchObject({ state: 'in_progress', response: null });
    });

    it('is not created when the key has no record: the statement says it sealed nothing', async () => {
      const roomy = await seedChain(tier, { defaultInventory: 5 });
      const scope = { tenantId: roomy.tenantId, principalId: roomy.agentId, route: 'POST /v1/holds', key: `key-${randomUUID()}` };
      await expect(reservation.reserve({ ...request(roomy), idempotency: { scope, response } })).resolves.toMatchObject({ ok: true, sealed: false });
      await expect(tier.get(IdempotencyRecordRepository).find(scope)).resolves.toBeNull();
    });

    it("is completed by the slow path's hold insert too, with the id and times the use case decided", async () => {
      const roomy = await seedChain(tier, { defaultInventory: 5 });
      const scope = await claimed(roomy.tenantId, roomy.agentId);
      const hold = request(roomy).hold;
      const created = await tier.get(HoldRepository).create(hold, { scope, response });
      expect(created).toEqual({
        hold: expect.objectContaining({ id: hold.id, createdAt: hold.createdAt, expiresAt: hold.expiresAt, state: 'held' }),
        sealed: true,
      });
      await expect(tier.get(IdempotencyRecordRepository).find(scope)).resolves.toMatchObject({ state: 'completed', response });
    });
  });

  it('settles on a generic plan, so Postgres stops planning the statement on every hold', async () => {
    const roomy = await seedChain(tier, { defaultInventory: 100 });
    // Sequential statements reuse the pool's most recently released connection, where the
    // statement is prepared; Postgres tries five custom plans before it weighs the generic one. A
    // keyed hold's statement (it also seals the key's answer) is another text, read apart.
    for (let i = 0; i < 8; i++) expect((await reservation.reserve(request(roomy))).ok).toBe(true);

    const [hold] = await tier
      .get(SqlClient)
      .rows<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO inventory_nights AS inv%' AND statement NOT LIKE '%idempotency_records%' /* ${randomUUID()} */`,
        [],
      );
    expect(hold).toBeDefined();
    expect(Number(hold.generic_plans)).toBeGreaterThan(0);
  });
});
