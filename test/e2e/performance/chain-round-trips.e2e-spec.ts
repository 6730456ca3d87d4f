import { randomUUID } from 'node:crypto';
import {
  bookStay,
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  DELEGATION_HEADER,
  GUEST,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { CatalogChangeFeed } from '@hcs/persistence';
import { createTenant } from '../../support/factories';
import { eventually } from '../../support/processes';
import { countSqlStatements, StatementCounter } from '../../../bench/lib/sql-statement-counter';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The chain's round-trip budget (docs/performance.md): every SQL statement the api sends for one
 * quote -> hold -> booking, BEGIN and COMMIT included, counted at the `pg` client. A change that
 * adds a statement to the chain fails here and has to raise the budget on purpose. The quote's
 * one: its insert, priced from the catalog in memory (docs/catalog.md, "Quotes priced from memory").
 * The hold's two: its quote read (which also claims the Idempotency-Key) and its reservation (which
 * also seals the key's answer, so no completion follows). The booking's three: its hold and quote read (which also claims the Idempotency-Key), begin
 * (with the sandbox charge) and complete (which also seals the key's answer).
 */
const BUDGET = { quote: 1, hold: 2, booking: 3 };
const CHAIN_BUDGET = 6;

describe('SQL round trips of the booking chain', () => {
  let t: TestApp;
  let counter: StatementCounter;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;

  beforeAll(async () => {
    t = await startTestApp();
    counter = countSqlStatements();
    const tenant = await createTenant(t.app);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    agent = await createChainAgent(t.app, tenant.tenantId);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-round-trips');
    // warm the per-process caches (credential, tenant, receipt key, the catalog once its changes are heard) with a first chain
    await eventually(
      async () => t.app.get(CatalogChangeFeed).versionOf(tenant.tenantId),
      (version) => version !== null,
      10_000,
      10,
    );
    await bookStay(t, agent, catalog, traveler, { start: 10 });
    await t.http().post('/v1/quotes').set('authorization', `Bearer ${agent.apiKey}`).send(quoteBody()).expect(201);
  });
  afterAll(async () => {
    counter.restore();
    await t.close();
  });

  /** The counted quote's body; beforeAll quotes it once, which keeps its rate plan's nights in memory. */
  const quoteBody = (party: Record<string, unknown> = { guests: { adults: 2 } }) => ({
    hotel_id: catalog.propertyId,
    room_type_id: catalog.roomTypeId,
    rate_plan_id: catalog.freePlanId,
    stay: { check_in: daysFromToday(30), check_out: daysFromToday(32) },
    ...party,
  });

  /** The statements of the one-room chains, which a chain of several rooms must equal. */
  const oneRoomChain: number[] = [];

  /** Runs one request and returns the statements it sent. */
  async function counted<T>(request: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    counter.reset();
    const result = await request();
    return { result, statements: [...counter.statements] };
  }

  // A client_reference rides in the booking's existing statements (docs/booking-chain.md "After a timeout"); several
  // rooms are one units parameter of the same statements (docs/booking-chain.md "Several rooms").
  it.each([
    ['', {}, undefined],
    [' with a client_reference', { client_reference: `round-trips-${randomUUID()}` }, undefined],
    [' of 3 rooms', {}, { rooms: [{ adults: 2 }, { adults: 1 }, { adults: 2, children: [{ age: 6 }] }] }],
  ])(`sends at most ${CHAIN_BUDGET} statements for quote -> hold -> booking%s`, async (_name, extra, party) => {
    const auth = `Bearer ${agent.apiKey}`;
    const quote = await counted(() => t.http().post('/v1/quotes').set('authorization', auth).send(quoteBody(party)));
    expect(quote.result.status).toBe(201);
    const hold = await counted(() =>
      t.http().post('/v1/holds').set('authorization', auth).set('idempotency-key', randomUUID()).send({ quote_id: quote.result.body.data.quote_id }),
    );
    expect(hold.result.status).toBe(201);
    const booking = await counted(() =>
      t
        .http()
        .post('/v1/bookings')
        .set('authorization', auth)
        .set('idempotency-key', randomUUID())
        .set(DELEGATION_HEADER, traveler)
        .send({ hold_id: hold.result.body.data.hold_id, quote_id: quote.result.body.data.quote_id, guest: GUEST, payment: CARD(), ...extra }),
    );
    expect(booking.result.status).toBe(201);

    const report = (name: string, statements: string[]) => `${name} (${statements.length}):\n  ${statements.join('\n  ')}`;
    const all = [report('quote', quote.statements), report('hold', hold.statements), report('booking', booking.statements)].join('\n');
    expect({
      quote: quote.statements.length <= BUDGET.quote,
      hold: hold.statements.length <= BUDGET.hold,
      booking: booking.statements.length <= BUDGET.booking,
      all,
    }).toEqual({
      quote: true,
      hold: true,
      booking: true,
      all,
    });
    const chain = quote.statements.length + hold.statements.length + booking.statements.length;
    expect(chain).toBeLessThanOrEqual(CHAIN_BUDGET);
    // Exactly the one-room chain's count (the cases run in order: the first is one room).
    if (party) expect({ chain, all }).toEqual({ chain: oneRoomChain[0], all });
    else oneRoomChain.push(chain);
    // No step needs an explicit transaction: each write is one atomic statement.
    expect([...quote.statements, ...hold.statements, ...booking.statements].filter((s) => /^(START TRANSACTION|BEGIN|COMMIT)/.test(s))).toEqual([]);
  });
});
