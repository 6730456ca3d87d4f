import type { AppConfig } from '@hcs/platform';
import { DomainError } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { plusDays } from '../../stay/calendar';
import { todayIn } from '../../stay/stay-rules';
import { TENANT } from '../../testing/chain-fixtures';
import { fakeContext, FakeQuoteSource } from '../../testing/fake-chain-ports';
import { FakeQuotes } from '../../testing/fake-hold-ports';
import type { QuoteSource } from '../ports/quote-source.reader';
import { CreateQuote } from './create-quote.use-case';

/** The fake source with a policy, so a quote gets as far as the stay restrictions. */
class QuotableSource extends FakeQuoteSource {
  override async read(): Promise<QuoteSource> {
    return {
      ...(await super.read()),
      policy: {
        id: 'pol',
        version: '1',
        cancellationKind: 'free_cancellation',
        freeCancellationHoursBeforeCheckin: 48,
        cancellationFeePctAfterCutoff: 100,
        childPolicyText: null,
      },
    };
  }
}

const agent: Caller = { tenantId: TENANT, principalId: 'agent-1', kind: 'agent' };
const checkIn = plusDays(todayIn('Europe/Paris'), 20);
const command = (nights: number) => ({
  hotelId: 'p',
  roomTypeId: 'rt',
  ratePlanId: 'rp',
  stay: { check_in: checkIn, check_out: plusDays(checkIn, nights) },
  guests: { adults: 2, children: [] },
});

describe('CreateQuote and stay restrictions (fake ports)', () => {
  let source: QuotableSource;
  let quotes: FakeQuotes;
  let useCase: CreateQuote;

  beforeEach(() => {
    source = new QuotableSource();
    quotes = new FakeQuotes();
    useCase = new CreateQuote(source, quotes, { quoteTtlSeconds: 600 } as AppConfig, fakeContext());
  });

  it('refuses a stay that breaks restrictions with stay_restricted and every violation, and writes no quote', async () => {
    source.restrictions = {
      [checkIn]: { min_stay_arrival: 3, closed_to_arrival: true },
      [plusDays(checkIn, 1)]: { stop_sell: true },
      [plusDays(checkIn, 2)]: { closed_to_departure: true },
    };
    const error = await useCase.execute(command(2), agent).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('stay_restricted');
    expect((error as DomainError).detail).toEqual({
      rate_plan_id: 'rp',
      violations: [
        { rule: 'min_stay_arrival', date: checkIn, limit: 3 },
        { rule: 'closed_to_arrival', date: checkIn, limit: true },
        { rule: 'stop_sell', date: plusDays(checkIn, 1), limit: true },
        { rule: 'closed_to_departure', date: plusDays(checkIn, 2), limit: true },
      ],
    });
    expect(quotes.rows).toHaveLength(0);
  });

  it('quotes a stay that meets every restriction', async () => {
    source.restrictions = { [checkIn]: { min_stay_arrival: 3 }, [plusDays(checkIn, 3)]: { stop_sell: true } };
    const outcome = await useCase.execute(command(3), agent);
    expect(outcome.data).toMatchObject({ rate_plan_id: 'rp' });
    expect(quotes.rows).toHaveLength(1);
  });

  it('counts advance days from today in the property time zone', async () => {
    source.restrictions = { [checkIn]: { min_advance_days: 21 } };
    await expect(useCase.execute(command(1), agent)).rejects.toMatchObject({
      code: 'stay_restricted',
      detail: { violations: [{ rule: 'min_advance_days', date: checkIn, limit: 21 }] },
    });
    source.restrictions = { [checkIn]: { min_advance_days: 20 } };
    await expect(useCase.execute(command(1), agent)).resolves.toBeDefined();
  });
});
