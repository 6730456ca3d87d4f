import type { Money } from '../../money/money';
import type { PriceBreakdown } from '../chain.types';

/** A property tax: a percentage of the room subtotal in basis points (1000 = 10%). */
export interface TaxRule {
  code: string;
  name: string;
  rate_bps: number;
}

/** A fixed property fee in minor units, once per stay or per night. */
export interface FeeRule {
  code: string;
  name: string;
  amount: number;
  per: 'stay' | 'night';
}

export interface PricingInput {
  currency: string;
  /** The nights of the stay, in order (YYYY-MM-DD). */
  nights: string[];
  /** Minor units per night when a night has no per-date rate. */
  baseRate: number;
  /** Per-date rates in minor units, by night. */
  dailyRates: Record<string, number>;
  taxes: TaxRule[];
  fees: FeeRule[];
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

/**
 * The price of a stay: each night at its per-date rate (else the base rate), percentage taxes on
 * the room subtotal rounded per tax, fixed fees (per stay or per night, untaxed), and the total.
 */
export function priceStay(input: PricingInput): PriceBreakdown {
  const { currency } = input;
  const nights = input.nights.map((date) => money(input.dailyRates[date] ?? input.baseRate, currency)).map((amount, i) => ({ date: input.nights[i], amount }));
  const subtotal = nights.reduce((sum, n) => sum + n.amount.amount, 0);
  const taxes = input.taxes.map((t) => ({ code: t.code, name: t.name, rate_bps: t.rate_bps, amount: money(applyBasisPoints(subtotal, t.rate_bps), currency) }));
  const fees = input.fees.map((f) => ({ code: f.code, name: f.name, amount: money(f.per === 'night' ? f.amount * input.nights.length : f.amount, currency) }));
  const total = subtotal + taxes.reduce((s, t) => s + t.amount.amount, 0) + fees.reduce((s, f) => s + f.amount.amount, 0);
  return { currency, nights, subtotal: money(subtotal, currency), taxes, fees, total: money(total, currency) };
}

/** Property tax and fee rules as stored (jsonb), keeping only well-formed entries. */
export function readTaxRules(raw: unknown): TaxRule[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((t): t is TaxRule => !!t && typeof t.code === 'string' && typeof t.name === 'string' && Number.isInteger(t.rate_bps) && t.rate_bps >= 0)
    .map((t) => ({ code: t.code, name: t.name, rate_bps: t.rate_bps }));
}

export function readFeeRules(raw: unknown): FeeRule[] {
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((f): f is FeeRule => !!f && typeof f.code === 'string' && typeof f.name === 'string' && Number.isInteger(f.amount) && f.amount >= 0)
    .map((f) => ({ code: f.code, name: f.name, amount: f.amount, per: f.per === 'night' ? 'night' : 'stay' }));
}
