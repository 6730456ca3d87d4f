import { randomUUID } from 'node:crypto';
import { DomainError, HoldRepository, HoldReservation, type ChainAuditEntry, type HoldReservationRequest } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';

/**
 * An agent's ceiling of live holds (MAX_LIVE_HOLDS_PER_AGENT, docs/booking-chain.md "Hold"), in both
 * writes that create a hold: the one-statement reservation and the slow path's insert. Past it the
 * write refuses itself and nothing is taken; `retry_after` is the time to the earliest expiry.
 */
describe('the agent hold ceiling (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let reservation: HoldReservation;
  let holds: HoldRepository;
  let chain: SeededChain;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    reservation = tier.get(HoldReservation);
    holds = tier.get(HoldRepository);
    chain = await seedChain(tier, { defaultInventory: 10 });
  });
  afterAll(() => tier.close());

  const request = (ttlSeconds: number): HoldReservationRequest => {
    const audit: ChainAuditEntry = { type: 'hold.created', actor: { kind: 'agent', id: chain.agentId }, traceId: randomUUID().replace(/-/g, ''), data: {} };
    return {
      hold: {
        tenantId: chain.tenantId,
        agentId: chain.agentId,
        quoteId: chain.quote.id,
        roomTypeId: chain.roomType.id,
        stay: chain.quote.stay,
        units: 1,
        ...newHoldIdentity(ttlSeconds),
        maxLiveHolds: 2,
      },
      nights: ['2099-05-10', '2099-05-11'],
      audit,
    };
  };
  const held = async () =>
    (await tier.query<{ held: number }>(`SELECT held FROM inventory_nights WHERE room_type_id = $1 ORDER BY night`, [chain.roomType.id])).map((r) => r.held);

  it('refuses the hold past the ceiling, taking nothing, and frees a place when a hold expires', async () => {
    expect((await reservation.reserve(request(300))).ok).toBe(true);
    expect((await reservation.reserve(request(600))).ok).toBe(true);
    expect(await held()).toEqual([2, 2]);

    const refused = await reservation.reserve(request(600)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('hold_limit_reached');
    // The earliest of the two expires in 300 s.
    expect((refused as DomainError).retryAfter).toBeGreaterThan(250);
    expect((refused as DomainError).retryAfter).toBeLessThanOrEqual(300);
    expect((refused as DomainError).detail).toMatchObject({ max_live_holds: 2 });
    expect(await held()).toEqual([2, 2]);

    // The slow path's insert refuses the same way.
    const viaRepository = await holds.create(request(600).hold).catch((e: unknown) => e);
    expect((viaRepository as DomainError).code).toBe('hold_limit_reached');

    // A hold past its expiry no longer counts, even before the sweep marks it.
    await tier.query(
      `UPDATE holds SET expires_at = now() - interval '1 second' WHERE tenant_id = $1 AND agent_id = $2 AND expires_at < now() + interval '400 seconds'`,
      [chain.tenantId, chain.agentId],
    );
    expect((await reservation.reserve(request(600))).ok).toBe(true);
  });
});
