import type { AppConfig } from '@hcs/platform';
import { DateTime } from 'luxon';
import { agentActor, eur } from '../../testing/chain-fixtures';
import { FakeQuoteSource, fakeContext } from '../../testing/fake-chain-ports';
import { FakeQuotes } from '../../testing/fake-hold-ports';
import { CreateQuote } from './create-quote.use-case';

const day = (offset: number) => DateTime.now().setZone('Europe/Paris').startOf('day').plus({ days: offset }).toISODate() as string;

function setup() {
  const source = new FakeQuoteSource();
  source.policy = {
    id: 'pol',
    version: '1',
    cancellationKind: 'free_cancellation',
    freeCancellationHoursBeforeCheckin: 48,
    cancellationFeePctAfterCutoff: 50,
    childPolicyText: null,
  };
  const quotes = new FakeQuotes();
  const useCase = new CreateQuote(source, quotes, { quoteTtlSeconds: 600 } as AppConfig, fakeContext());
  return { source, quotes, useCase };
}

const command = (guests: { adults: number; children: Array<{ age: number }> }) => ({
  hotelId: 'p',
  roomTypeId: 'rt',
  ratePlanId: 'rp',
  stay: { check_in: day(20), check_out: day(22) },
  guests,
});

describe('CreateQuote (fake ports)', () => {
  it('prices the party asked for, night by night, with the per-date party prices of the source', async () => {
    const { source, useCase } = setup();
    source.maxOccupancy = 5;
    source.occupancyPricing = { extra_adult: 2000, child_rates: [{ max_age: 6, amount: 500 }] };
    source.dailyRates = { [day(21)]: 12000 };
    source.dailyOccupancy = { [day(21)]: { by_adults: { '3': 18000 } } };
    const outcome = await useCase.execute(command({ adults: 3, children: [{ age: 2 }, { age: 9 }] }), agentActor());
    const price = outcome.data.price_breakdown;
    // night 1: 10000 + 2000 + 500 + 2000 (9 is older than every bracket); night 2: 18000 + 500 + 2000
    expect(price.nights.map((n) => n.amount.amount)).toEqual([14500, 20500]);
    expect(price.total).toEqual(eur(35000));
    expect(price.payable_online).toEqual(eur(35000));
  });

  it('splits what the hotel collects and freezes the split and the fee base with the terms', async () => {
    const { source, useCase } = setup();
    source.taxes = [{ code: 'CITY', name: 'City tax', amount: 300, per: 'person_night', payable: 'at_property' }];
    const outcome = await useCase.execute(command({ adults: 2, children: [] }), agentActor());
    const { price_breakdown: price, policy_snapshot: snapshot } = outcome.data;
    expect(price.total).toEqual(eur(20000 + 1200));
    expect(price.payable_at_property).toEqual(eur(1200));
    expect(snapshot).toMatchObject({ payable_online: eur(20000), payable_at_property: eur(1200) });
    // 50% after the cutoff, of the total less the city tax
    expect(snapshot.cancellation_timeline?.map((e) => e.fee)).toEqual([eur(0), eur(10000)]);
  });
});
