import { randomUUID } from 'node:crypto';
import { HoldReservation, type ChainAuditEntry, type HoldReservationRequest } from '@hcs/domain';
import { SqlClient } from '@hcs/persistence';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

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
      ttlSeconds: 600,
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

  it('settles on a generic plan, so Postgres stops planning the statement on every hold', async () => {
    const roomy = await seedChain(tier, { defaultInventory: 100 });
    // Sequential statements reuse the pool's most recently released connection, where the
    // statement is prepared; Postgres tries five custom plans before it weighs the generic one.
    for (let i = 0; i < 8; i++) expect((await reservation.reserve(request(roomy))).ok).toBe(true);

    const [hold] = await tier
      .get(SqlClient)
      .rows<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans::text, custom_plans::text FROM pg_prepared_statements WHERE statement LIKE '%INSERT INTO inventory_nights AS inv%' /* ${randomUUID()} */`,
        [],
      );
    expect(hold).toBeDefined();
    expect(Number(hold.generic_plans)).toBeGreaterThan(0);
  });
});
