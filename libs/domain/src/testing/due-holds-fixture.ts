import { randomUUID } from 'node:crypto';
import { quoteRecord, TENANT } from './chain-fixtures';
import { FakeAudit, FakeNights, FakeOutbox } from './fake-chain-ports';
import { FakeDueHoldExpiry, FakeHolds, FakeQuotes } from './fake-hold-ports';

/**
 * The ports of the batch expiry use case (`ExpireDueHolds`), with one quote and `take`:
 * a hold on the quote's nights (its rooms taken), `overdueMs` past its TTL (negative: still live).
 */
export function dueHoldsFixture() {
  const quotes = new FakeQuotes();
  const holds = new FakeHolds(quotes);
  const nights = new FakeNights(5);
  const audit = new FakeAudit();
  const outbox = new FakeOutbox();
  const due = new FakeDueHoldExpiry(holds, quotes, nights);
  const quote = quoteRecord();
  quotes.rows.push(quote);
  const take = async (overdueMs: number) => {
    const { hold: h } = await holds.create({
      id: randomUUID(),
      tenantId: TENANT,
      agentId: quote.agentId,
      quoteId: quote.id,
      roomTypeId: quote.roomTypeId,
      stay: quote.stay,
      units: 1,
      createdAt: new Date(),
      expiresAt: new Date(Date.now() + 60_000),
      maxLiveHolds: 1000,
    });
    await nights.reserve(TENANT, quote.roomTypeId, ['2099-05-10', '2099-05-11']);
    const row = holds.rows.find((r) => r.id === h.id)!;
    row.expiresAt = new Date(Date.now() - overdueMs);
    row.expired = overdueMs >= 0;
    return h.id;
  };
  return { quotes, holds, nights, audit, outbox, due, quote, take };
}
