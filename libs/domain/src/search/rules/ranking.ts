import { currencyExponent, formatMoney } from '../../money/currency';
import { convertMinor, findFxRate, FxRate } from '../../money/fx';
import type { Money } from '../../money/money';
import type { PropertyOffer } from '../ports/availability-search.repository';
import { addedCharges, readFeeRules, readTaxRules } from '../../booking/rules/pricing';
import { readPaymentTerms } from '../../booking/rules/payment-terms';

export interface RankingContext {
  destination: { type: 'area' | 'property'; value: string } | null;
  checkIn: string;
  checkOut: string;
  nights: number;
  adults: number;
  children: number;
  maxPricePerNight: Money | null;
  mealPlan: string | null;
  cancellation: string | null;
  fxRates: readonly FxRate[];
}

export interface RankedResult {
  hotel_id: string;
  name: string;
  rank_score: number;
  explanation: string[];
  best_offer: { room_type_id: string; rate_plan_id: string; price_per_night: Money; total: Money };
}

/**
 * The whole stay of an offer for the party: its room subtotal plus every tax and fee not already
 * included, whether paid online or at the property (docs/catalog.md "Taxes and fees": what a traveler pays, both
 * moments), priced as a quote prices them.
 */
export function offerStayTotal(o: Pick<PropertyOffer, 'total' | 'taxes' | 'fees'>, nights: number, persons: number): number {
  return o.total + addedCharges([...readTaxRules(o.taxes), ...readFeeRules(o.fees)], o.total, nights, persons);
}

/** Weights of the score; they sum to 1, so a score is in [0, 1]. */
export const RANKING_WEIGHTS = { price: 0.45, quality: 0.2, flexibility: 0.15, choice: 0.1, relevance: 0.1 } as const;

const RELEVANCE: Record<string, number> = { property: 1, city: 1, name: 0.9, region: 0.8, country: 0.6 };

/** The currency prices are compared in: the budget's, else the most common among the offers. */
function referenceCurrency(offers: PropertyOffer[], ctx: RankingContext): string {
  if (ctx.maxPricePerNight) return ctx.maxPricePerNight.currency;
  const counts = new Map<string, number>();
  for (const o of offers) counts.set(o.currency, (counts.get(o.currency) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? 'EUR';
}

function party(ctx: RankingContext): string {
  const adults = `${ctx.adults} adult${ctx.adults === 1 ? '' : 's'}`;
  return ctx.children > 0 ? `${adults} and ${ctx.children} child${ctx.children === 1 ? '' : 'ren'}` : adults;
}

function place(o: PropertyOffer): string {
  return [o.city, o.region, o.country].filter(Boolean).join(', ');
}

function matchLine(o: PropertyOffer, ctx: RankingContext): string {
  if (!ctx.destination) return `No destination given: every promoted property was considered; this one is in ${place(o)}.`;
  if (ctx.destination.type === 'property' || o.areaMatch === 'property') return `Is the requested property (${ctx.destination.value}), in ${place(o)}.`;
  const how = o.areaMatch === 'name' ? 'its name' : `its ${o.areaMatch ?? 'location'}`;
  return `Matches destination "${ctx.destination.value}" by ${how} (${place(o)}).`;
}

function cancellationText(o: PropertyOffer): string {
  return o.cancellationKind === 'free_cancellation' ? `free cancellation until ${o.freeCancellationHours} h before check-in` : 'non-refundable';
}

/** The plan's payment terms in words (docs/payments.md); none for prepay, which the explanation has always implied. */
function paymentText(o: PropertyOffer): string | null {
  const terms = readPaymentTerms(o.paymentTerms ?? null);
  if (terms.kind === 'deposit') {
    const days = terms.balance_due_days ?? 0;
    return `Payment: a ${terms.deposit_pct} % deposit at booking, the balance charged ${days} day${days === 1 ? '' : 's'} before check-in.`;
  }
  if (terms.kind === 'pay_at_property') return 'Payment: nothing charged at booking; the card is kept as a guarantee and the stay is paid at the property.';
  return null;
}

/**
 * Scores and orders the best offer of each property, explaining every result in plain words:
 * why it matched (destination, availability on every night, party size, constraints) and why it
 * ranks where it does (price against the others, stars, flexibility, choice, relevance).
 * Ties break on lower price, then name, then id, so the order is stable.
 */
export function rankOffers(offers: PropertyOffer[], ctx: RankingContext): RankedResult[] {
  const reference = referenceCurrency(offers, ctx);
  const totals = offers.map((o) => offerStayTotal(o, ctx.nights, ctx.adults + ctx.children));
  // Compared on the whole stay with its taxes and fees, as the traveler pays it.
  const comparable = offers.map((o, i) => {
    const rate = findFxRate(ctx.fxRates, o.currency, reference);
    return rate ? convertMinor(totals[i], o.currency, reference, rate.rate) : null;
  });
  const known = comparable.filter((p): p is number => p !== null);
  const min = known.length ? Math.min(...known) : 0;
  const max = known.length ? Math.max(...known) : 0;

  const scored = offers.map((o, i) => {
    const price = comparable[i];
    const priceScore = price === null ? 0.5 : max === min ? 1 : 1 - (price - min) / (max - min);
    const quality = o.starRating === null ? 0.5 : Math.min(o.starRating, 5) / 5;
    const flexibility = o.cancellationKind === 'free_cancellation' ? 1 : o.hasFreeCancellation ? 0.5 : 0;
    const choice = Math.min(o.offerCount, 6) / 6;
    const relevance = ctx.destination ? (RELEVANCE[o.areaMatch ?? (ctx.destination.type === 'property' ? 'property' : '')] ?? 0.5) : 1;
    const w = RANKING_WEIGHTS;
    const score = w.price * priceScore + w.quality * quality + w.flexibility * flexibility + w.choice * choice + w.relevance * relevance;
    return { o, price, priceScore, score: Math.round(score * 10000) / 10000 };
  });
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.price ?? Number.MAX_SAFE_INTEGER) - (b.price ?? Number.MAX_SAFE_INTEGER) ||
      a.o.propertyName.localeCompare(b.o.propertyName) ||
      a.o.propertyId.localeCompare(b.o.propertyId),
  );

  const totalOf = new Map(offers.map((o, i) => [o, totals[i]]));
  return scored.map(({ o, price, priceScore, score }, index) => {
    const explanation = [
      matchLine(o, ctx),
      `Room "${o.roomTypeName}" sleeps ${o.maxOccupancy} and is available on all ${ctx.nights} night${ctx.nights === 1 ? '' : 's'} (${ctx.checkIn} to ${ctx.checkOut}) for ${party(ctx)}; ${o.roomsLeft} left.`,
      `Best offer: "${o.ratePlanName}" (${o.mealPlan}) at ${formatMoney(o.nightly, o.currency)} per night on average over ${ctx.nights} night${ctx.nights === 1 ? '' : 's'}, ${cancellationText(o)}.`,
    ];
    const payment = paymentText(o);
    if (payment) explanation.push(payment);
    if (ctx.maxPricePerNight) {
      const shown = o.currency === ctx.maxPricePerNight.currency ? '' : ` (converted with the FX table)`;
      explanation.push(`Within the budget of ${formatMoney(ctx.maxPricePerNight.amount, ctx.maxPricePerNight.currency)} per night${shown}.`);
    }
    if (ctx.mealPlan) explanation.push(`Meal plan ${ctx.mealPlan} as requested.`);
    if (ctx.cancellation) explanation.push(`Cancellation terms ${ctx.cancellation} as requested.`);
    const priceWords =
      price === null
        ? `price not comparable (no FX rate to ${reference})`
        : price === min
          ? `cheapest of ${offers.length}`
          : `price score ${priceScore.toFixed(2)} against the cheapest stay ${formatMoney(min, reference)}`;
    const stars = o.starRating === null ? 'unrated' : `${o.starRating} stars`;
    const flex =
      o.cancellationKind === 'free_cancellation' ? 'free cancellation' : o.hasFreeCancellation ? 'free cancellation on another plan' : 'no free cancellation';
    explanation.push(
      `Ranked ${index + 1} of ${offers.length} (score ${score.toFixed(4)}): ${priceWords}, ${stars}, ${flex}, ${o.offerCount} matching offer${o.offerCount === 1 ? '' : 's'}.`,
    );
    return {
      hotel_id: o.propertyId,
      name: o.propertyName,
      rank_score: score,
      explanation,
      best_offer: {
        room_type_id: o.roomTypeId,
        rate_plan_id: o.ratePlanId,
        price_per_night: { amount: o.nightly, currency: o.currency },
        total: { amount: totalOf.get(o) ?? o.total, currency: o.currency },
      },
    };
  });
}

/**
 * The budget expressed in each plan currency the FX table can reach, in that currency's minor
 * units (rounded down, so a converted price never exceeds the budget). Currencies without a rate
 * are absent: their offers cannot be compared with the budget and are left out.
 */
export function budgetByCurrency(budget: Money, fxRates: readonly FxRate[]): Record<string, number> {
  const out: Record<string, number> = { [budget.currency]: budget.amount };
  const currencies = new Set(fxRates.flatMap((r) => [r.base, r.quote]));
  for (const currency of currencies) {
    if (currency === budget.currency) continue;
    const rate = findFxRate(fxRates, budget.currency, currency);
    if (!rate) continue;
    const exact = (budget.amount / 10 ** currencyExponent(budget.currency)) * rate.rate * 10 ** currencyExponent(currency);
    out[currency] = Math.floor(exact + 1e-9);
  }
  return out;
}
