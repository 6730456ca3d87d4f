import { randomUUID } from 'node:crypto';
import { HoldReservation, provenFullNights, QuoteRepository, type HoldReservationRequest } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain, newHoldIdentity } from '../support/chain-seed';
import { ownDatabase, type OwnDatabase } from '../../support/own-database';

/** Three nights: 2099-05-10, 11 and 12. */
const STAY = { check_in: '2099-05-10', check_out: '2099-05-13' };

describe('SqlQuoteRepository.findForHold (real Postgres, no HTTP)', () => {
  let db: OwnDatabase;
  let tier: PersistenceTier;
  let quotes: QuoteRepository;
  let reservation: HoldReservation;

  // A database of its own: the due holds this file makes would be swept by the worker of any e2e
  // file running beside it on the shared one.
  beforeAll(async () => {
    db = await ownDatabase('quote_for_hold');
    tier = await startPersistenceTier({ databaseUrl: db.url });
    quotes = tier.get(QuoteRepository);
    reservation = tier.get(HoldReservation);
  });
  afterAll(async () => {
    await tier.close();
    await db.drop();
  });

  const hold = async (chain: SeededChain, stay = chain.quote.stay) => {
    const request: HoldReservationRequest = {
      hold: {
        tenantId: chain.tenantId,
        agentId: chain.agentId,
        quoteId: chain.quote.id,
        roomTypeId: chain.roomType.id,
        stay,
        units: 1,
        ...newHoldIdentity(600),
        maxLiveHolds: 1000,
      },
      nights: [],
      audit: { type: 'hold.created', actor: { kind: 'agent', id: chain.agentId }, traceId: randomUUID().replace(/-/g, ''), data: {} },
    };
    for (let d = new Date(`${stay.check_in}T00:00:00Z`); d.toISOString().slice(0, 10) < stay.check_out; d.setUTCDate(d.getUTCDate() + 1)) {
      request.nights.push(d.toISOString().slice(0, 10));
    }
    const result = await reservation.reserve(request);
    if (!result.ok) throw new Error('the seeded hold found no room');
    return result.hold.id;
  };
  const setNight = (chain: SeededChain, night: string, allotment: number, held: number, sold: number) =>
    tier.query(
      `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET allotment = $4, held = $5, sold = $6`,
      [chain.tenantId, chain.roomType.id, night, allotment, held, sold],
    );

  it('reads the quote as findById does, and no night when every night has a room', async () => {
    const chain = await seedChain(tier, { defaultInventory: 2, stay: STAY });
    await hold(chain);
    const read = await quotes.findForHold(chain.tenantId, chain.quote.id);
    expect(read?.quote).toEqual(await quotes.findById(chain.tenantId, chain.quote.id));
    expect(read?.fullByCounters).toEqual([]);
    await expect(quotes.findForHold(chain.tenantId, randomUUID())).resolves.toBeNull();
    await expect(quotes.findForHold(randomUUID(), chain.quote.id)).resolves.toBeNull();
  });

  it('names the full nights in date order: counters at zero, oversold, and nights without a row at a default of none', async () => {
    const chain = await seedChain(tier, { defaultInventory: 0, stay: STAY });
    await setNight(chain, '2099-05-10', 1, 0, 0);
    // Oversold: an admin lowered the allotment under what is sold (the trigger only refuses raising held or sold).
    await setNight(chain, '2099-05-11', 2, 0, 2);
    await tier.query(`UPDATE inventory_nights SET allotment = 1 WHERE room_type_id = $1 AND night = '2099-05-11'`, [chain.roomType.id]);
    const read = await quotes.findForHold(chain.tenantId, chain.quote.id);
    expect(read?.fullByCounters).toEqual([
      { night: '2099-05-11', free: -1, reclaimable: 0 },
      { night: '2099-05-12', free: 0, reclaimable: 0 },
    ]);
    expect(provenFullNights(read?.fullByCounters ?? [])).toEqual(['2099-05-11', '2099-05-12']);
  });

  it('counts, per full night, the due held holds of the room type covering it, and only those', async () => {
    const chain = await seedChain(tier, { defaultInventory: 1, stay: STAY });
    const due = await hold(chain, { check_in: '2099-05-11', check_out: '2099-05-13' });
    await hold(chain, { check_in: '2099-05-10', check_out: '2099-05-11' });
    await tier.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [due]);
    // A due hold of another room type on the same nights gives nothing back here.
    const other = await seedChain(tier, { defaultInventory: 1, stay: STAY });
    await tier.query(`UPDATE holds SET expires_at = now() - interval '1 second' WHERE id = $1`, [await hold(other)]);

    const read = await quotes.findForHold(chain.tenantId, chain.quote.id);
    expect(read?.fullByCounters).toEqual([
      { night: '2099-05-10', free: 0, reclaimable: 0 },
      { night: '2099-05-11', free: 0, reclaimable: 1 },
      { night: '2099-05-12', free: 0, reclaimable: 1 },
    ]);
    expect(provenFullNights(read?.fullByCounters ?? [])).toEqual(['2099-05-10']);

    // Released or expired holds are not due holds.
    await tier.query(`UPDATE holds SET state = 'released' WHERE id = $1`, [due]);
    expect((await quotes.findForHold(chain.tenantId, chain.quote.id))?.fullByCounters.map((n) => n.reclaimable)).toEqual([0, 0, 0]);
  });
});
