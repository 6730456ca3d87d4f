import type { Guests, PriceBreakdown } from '../chain.types';
import type { QuoteSource } from '../ports/quote-source.reader';
import { readOccupancyPricing } from './party-price';
import { priceStay, readFeeRules, readTaxRules } from './pricing';

type PricedSource = Pick<QuoteSource, 'dailyRates' | 'dailyOccupancy'> & {
  property: NonNullable<QuoteSource['property']>;
  roomType: NonNullable<QuoteSource['roomType']>;
  ratePlan: NonNullable<QuoteSource['ratePlan']>;
};

/** One room's stay for one party, priced from what the quote source read (quotes and modifications alike). */
export function priceFromSource(src: PricedSource, nights: string[], guests: Guests): PriceBreakdown {
  return priceStay({
    currency: src.ratePlan.currency,
    nights,
    baseRate: src.ratePlan.baseRateAmount,
    dailyRates: src.dailyRates,
    taxes: readTaxRules(src.property.taxes),
    fees: readFeeRules(src.property.fees),
    party: { guests, occupancy: readOccupancyPricing(src.ratePlan.occupancyPricing, src.roomType.maxOccupancy), nights: src.dailyOccupancy },
    local: { currency: src.property.currency, rate: src.property.localRate },
  });
}
