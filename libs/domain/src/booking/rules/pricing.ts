import { convertMinor } from '../../money/fx';
import type { Money } from '../../money/money';
import type { Guests, PriceBreakdown } from '../chain.types';
import { NightOccupancy, OccupancyPricing, partyNightPrice } from './party-price';

export const CHARGE_PER = ['stay', 'night', 'person_night', 'person_stay'] as const;
export type ChargePer = (typeof CHARGE_PER)[number];
export const CHARGE_PAYABLE = ['online', 'at_property'] as const;
export type ChargePayable = (typeof CHARGE_PAYABLE)[number];

/**
 * A property tax or fee (docs/catalog.md "Taxes and fees"), in either list: a share of the room subtotal in basis
 * points (`rate_bps`, 1000 = 10%), or a fixed `amount` in minor units of the quote's currency
 * `per` stay, night, person-night or person-stay (persons = adults + children). `included`: already
 * inside the nightly amounts (shown, never added); `payable`: charged through us or collected by
 * the hotel. Unset: added on top, online.
 */
export type ChargeRule = { code: string; name: string; included?: boolean; payable?: ChargePayable } & (
  { rate_bps: number; amount?: undefined; per?: undefined } | { rate_bps?: undefined; amount: number; per: ChargePer }
);
export type TaxRule = ChargeRule;
export type FeeRule = ChargeRule;

/** The party a stay is priced for; absent, every night is its plain amount and per-person charges count no one. */
export interface PricedParty {
  guests: Guests;
  /** The plan's party pricing, defaults filled (`readOccupancyPricing`). */
  occupancy: OccupancyPricing;
  /** Nights whose own party prices override the plan's. */
  nights?: Record<string, NightOccupancy>;
}

export interface PricingInput {
  currency: string;
  /** The nights of the stay, in order (YYYY-MM-DD). */
  nights: string[];
  /** Minor units per night when a night has no per-date rate. */
  baseRate: number;
  /** Per-date rates in minor units, by night. */
  dailyRates: Record<string, number>;
  taxes: ChargeRule[];
  fees: ChargeRule[];
  party?: PricedParty;
  /** The property's currency and the rate from the quote's currency into it, when they differ. */
  local?: { currency: string; rate: number | null };
}

/** `numerator / denominator` rounded half up, exact for any safe integers (BigInt arithmetic). */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((n * 2n + d) / (2n * d));
}

/** `amount * bps / 10000`, rounded half up to the minor unit. */
export function applyBasisPoints(amount: number, bps: number): number {
  return divideRoundHalfUp(amount * bps, 10_000);
}

const money = (amount: number, currency: string): Money => ({ amount, currency });

/** Persons of a party: adults + children. */
const persons = (party: PricedParty | undefined): number => (party ? party.guests.adults + party.guests.children.length : 0);

/** A charge's amount for a stay: an included share is `subtotal × rate / (10000 + rate)`, an added one `subtotal × rate / 10000`. */
export function chargeAmount(rule: ChargeRule, subtotal: number, nightCount: number, personCount: number): number {
  if (rule.rate_bps !== undefined) {
    return rule.included ? divideRoundHalfUp(subtotal * rule.rate_bps, 10_000 + rule.rate_bps) : applyBasisPoints(subtotal, rule.rate_bps);
  }
  switch (rule.per) {
    case 'night':
      return rule.amount * nightCount;
    case 'person_night':
      return rule.amount * personCount * nightCount;
    case 'person_stay':
      return rule.amount * personCount;
    default:
      return rule.amount;
  }
}

/** What a stay's taxes and fees add on top of its room subtotal (the items not included, wherever payable). */
export function addedCharges(rules: readonly ChargeRule[], subtotal: number, nightCount: number, personCount: number): number {
  return rules.reduce((sum, rule) => (rule.included ? sum : sum + chargeAmount(rule, subtotal, nightCount, personCount)), 0);
}

/**
 * The price of a stay for one room and one party: each night at its per-date rate (else the base
 * rate) priced for the party (`partyNightPrice`), then each tax and fee (`chargeAmount`, rounded
 * half up per item). `total` = subtotal + the items not included; `payable_at_property` = the
 * added items the hotel collects, `payable_online` = the rest (docs/catalog.md "Taxes and fees").
 */
export function priceStay(input: PricingInput): PriceBreakdown {
  const { currency, party } = input;
  const nights = input.nights.map((date) => {
    const amount = input.dailyRates[date] ?? input.baseRate;
    return { date, amount: money(party ? partyNightPrice(amount, party.guests, party.occupancy, party.nights?.[date]) : amount, currency) };
  });
  const subtotal = nights.reduce((sum, n) => sum + n.amount.amount, 0);
  const count = persons(party);
  const item = (rule: ChargeRule) => {
    const amount = money(chargeAmount(rule, subtotal, input.nights.length, count), currency);
    const flags = { included: rule.included ?? false, payable: rule.payable ?? ('online' as const) };
    return rule.rate_bps !== undefined
      ? { code: rule.code, name: rule.name, rate_bps: rule.rate_bps, amount, ...flags }
      : { code: rule.code, name: rule.name, amount, ...flags };
  };
  const taxes = input.taxes.map(item);
  const fees = input.fees.map(item);
  let added = 0;
  let atProperty = 0;
  for (const i of [...taxes, ...fees]) {
    if (i.included) continue;
    added += i.amount.amount;
    if (i.payable === 'at_property') atProperty += i.amount.amount;
  }
  const total = subtotal + added;
  const payableAtProperty: PriceBreakdown['payable_at_property'] = money(atProperty, currency);
  const local = input.local;
  if (local && local.currency !== currency && local.rate !== null && atProperty > 0) {
    payableAtProperty.local = money(convertMinor(atProperty, currency, local.currency, local.rate), local.currency);
  }
  return {
    currency,
    nights,
    subtotal: money(subtotal, currency),
    taxes,
    fees,
    total: money(total, currency),
    payable_online: money(total - atProperty, currency),
    payable_at_property: payableAtProperty,
  };
}

/** What the hotel collects of a breakdown (items payable at the property); zero for breakdowns that state none. */
export function payableAtProperty(price: Pick<PriceBreakdown, 'total'> & { payable_at_property?: Money }): Money {
  return money(price.payable_at_property?.amount ?? 0, price.total.currency);
}

/** What is charged through us: the total less what the hotel collects. */
export function payableOnline(price: Pick<PriceBreakdown, 'total'> & { payable_at_property?: Money }): Money {
  return money(price.total.amount - payableAtProperty(price).amount, price.total.currency);
}

/** A breakdown with the §11.3 fields restated where it was frozen without them (items online, not included). */
export function withPayableSplit(price: Omit<PriceBreakdown, 'payable_online' | 'payable_at_property'> & Partial<PriceBreakdown>): PriceBreakdown {
  if (price.payable_online && price.payable_at_property)
    return { ...price, payable_online: price.payable_online, payable_at_property: price.payable_at_property };
  const restate = <T extends object>(i: T) => ({ ...i, included: false, payable: 'online' as const });
  return {
    ...price,
    taxes: price.taxes.map(restate),
    fees: price.fees.map(restate),
    payable_online: money(price.total.amount, price.total.currency),
    payable_at_property: money(0, price.total.currency),
  };
}

const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** One stored tax or fee rule, or null when malformed. */
function readCharge(raw: unknown): ChargeRule | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.code !== 'string' || typeof r.name !== 'string') return null;
  const flags = { included: r.included === true, payable: r.payable === 'at_property' ? ('at_property' as const) : ('online' as const) };
  if (Number.isInteger(r.rate_bps) && (r.rate_bps as number) >= 0) return { code: r.code, name: r.name, rate_bps: r.rate_bps as number, ...flags };
  if (!isAmount(r.amount)) return null;
  const per = (CHARGE_PER as readonly unknown[]).includes(r.per) ? (r.per as ChargePer) : 'stay';
  return { code: r.code, name: r.name, amount: r.amount, per, ...flags };
}

/** Property tax rules as stored (jsonb), keeping only well-formed entries. */
export function readTaxRules(raw: unknown): ChargeRule[] {
  return Array.isArray(raw) ? raw.map(readCharge).filter((c): c is ChargeRule => c !== null) : [];
}

/** Property fee rules as stored (jsonb), keeping only well-formed entries (a fixed fee without `per` is per stay). */
export function readFeeRules(raw: unknown): ChargeRule[] {
  return readTaxRules(raw);
}
