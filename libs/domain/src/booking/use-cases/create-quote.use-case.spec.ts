import { DateTime } from 'luxon';
import type { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import { agentActor } from '../../testing/chain-fixtures';
import { FakeQuoteSource, fakeContext } from '../../testing/fake-chain-ports';
import { FakeQuotes } from '../../testing/fake-hold-ports';
import type { QuoteSource } from '../ports/quote-source.reader';
import { CreateQuote, CreateQuoteCommand } from './create-quote.use-case';

const day = (offset: number) => DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: offset }).toISODate() as string;
const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** Rooms of 2 guests at 100.00 a night, 10 % VAT and a 15.00 cleaning fee per stay, free cancellation. */
class Source extends FakeQuoteSource {
  override async read(): Promise<QuoteSource> {
    const base = await super.read();
    return {
      ...base,
      property: {
        ...base.property!,
        taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000 }],
        fees: [{ code: 'CLEAN', name: 'Cleaning', amount: 1500, per: 'stay' }],
      },
      policy: {
        id: 'pol',
        version: '1',
        cancellationKind: 'free_cancellation',
        freeCancellationHoursBeforeCheckin: 48,
        cancellationFeePctAfterCutoff: 50,
        childPolicyText: null,
      },
    };
  }
}

function setup() {
  const quotes = new FakeQuotes();
  const useCase = new CreateQuote(new Source(), quotes, { quoteTtlSeconds: 600 } as AppConfig, fakeContext());
  const command = (party: Partial<CreateQuoteCommand>): CreateQuoteCommand => ({
    hotelId: 'p',
    roomTypeId: 'rt',
    ratePlanId: 'rp',
    stay: { check_in: day(10), check_out: day(12) },
    ...party,
  });
  return { quotes, useCase, command };
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('CreateQuote with rooms', () => {
  it('prices each room for its party and sums them; the quote keeps each party and the whole one', async () => {
    const { useCase, quotes, command } = setup();
    const rooms = [
      { adults: 2, children: [] },
      { adults: 1, children: [{ age: 4 }] },
    ];
    const outcome = await useCase.execute(command({ rooms }), agentActor());
    const price = outcome.data.price_breakdown;
    expect([price.subtotal, price.total]).toEqual([eur(40000), eur(2 * (20000 + 2000 + 1500))]);
    expect(price.fees).toEqual([{ code: 'CLEAN', name: 'Cleaning', amount: eur(3000), included: false, payable: 'online' }]);
    expect(price.rooms?.map((r) => [r.room, r.guests, r.subtotal])).toEqual([
      [1, rooms[0], eur(20000)],
      [2, rooms[1], eur(20000)],
    ]);
    expect(outcome.data.guests).toEqual({ adults: 3, children: [{ age: 4 }] });
    expect(quotes.rows[0].rooms).toEqual(rooms);
  });

  it('a guests quote is one room, without rooms anywhere', async () => {
    const { useCase, quotes, command } = setup();
    const outcome = await useCase.execute(command({ guests: { adults: 2, children: [] } }), agentActor());
    expect(outcome.data.price_breakdown).not.toHaveProperty('rooms');
    expect(outcome.data.price_breakdown.total).toEqual(eur(23500));
    expect(quotes.rows[0].rooms).toBeNull();
  });

  it('names every room over the occupancy with the stay errors, and refuses 0 or 9 rooms, writing nothing', async () => {
    const { useCase, quotes, command } = setup();
    const over = await failure(
      useCase.execute(
        command({
          stay: { check_in: day(-1), check_out: day(1) },
          rooms: [
            { adults: 3, children: [] },
            { adults: 1, children: [] },
            { adults: 2, children: [{ age: 1 }] },
          ],
        }),
        agentActor(),
      ),
    );
    expect(over.code).toBe('validation_failed');
    expect((over.detail.field_errors as Array<{ path: string }>).map((e) => e.path)).toEqual(['stay.check_in', 'rooms[0]', 'rooms[2]']);
    for (const count of [0, 9]) {
      const e = await failure(useCase.execute(command({ rooms: Array.from({ length: count }, () => ({ adults: 1, children: [] })) }), agentActor()));
      expect((e.detail.field_errors as Array<{ path: string }>).map((f) => f.path)).toEqual(['rooms']);
    }
    const eight = await useCase.execute(command({ rooms: Array.from({ length: 8 }, () => ({ adults: 1, children: [] })) }), agentActor());
    expect(eight.data.price_breakdown.rooms).toHaveLength(8);
    expect(quotes.rows).toHaveLength(1);
  });
});

describe('CreateQuote catalog ids', () => {
  class Without extends Source {
    constructor(private readonly missing: 'property' | 'roomType' | 'ratePlan' | 'policy') {
      super();
    }
    override async read(): Promise<QuoteSource> {
      return { ...(await super.read()), [this.missing]: null };
    }
  }
  const quoteWithout = (missing: 'property' | 'roomType' | 'ratePlan' | 'policy', stay = { check_in: day(10), check_out: day(12) }) => {
    const quotes = new FakeQuotes();
    const useCase = new CreateQuote(new Without(missing), quotes, { quoteTtlSeconds: 600 } as AppConfig, fakeContext());
    return {
      quotes,
      run: () => useCase.execute({ hotelId: 'p', roomTypeId: 'rt', ratePlanId: 'rp', stay, guests: { adults: 2, children: [] } }, agentActor()),
    };
  };

  it.each([
    ['property', 'property_not_found', { hotel_id: 'p' }],
    ['roomType', 'room_type_not_found', { hotel_id: 'p', room_type_id: 'rt' }],
    ['ratePlan', 'rate_plan_not_found', { room_type_id: 'rt', rate_plan_id: 'rp' }],
    ['policy', 'policy_not_found_for_rate_plan', { rate_plan_id: 'rp' }],
  ] as const)('answers a missing %s with %s, writing nothing', async (missing, code, detail) => {
    const { quotes, run } = quoteWithout(missing);
    expect(await failure(run())).toMatchObject({ code, detail });
    expect(quotes.rows).toEqual([]);
  });

  it('answers an unknown id before the stay rules, and a plan without a policy after them', async () => {
    const past = { check_in: day(-2), check_out: day(-1) };
    expect((await failure(quoteWithout('roomType', past).run())).code).toBe('room_type_not_found');
    expect((await failure(quoteWithout('policy', past).run())).code).toBe('validation_failed');
  });
});
