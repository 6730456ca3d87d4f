import { currencyExponent } from './currency';
import type { Money } from './money';

/** One row of the FX table: 1 unit of `base` buys `rate` units of `quote` (major units). */
export interface FxRate {
  base: string;
  quote: string;
  rate: number;
  updatedAt: Date;
}

/** How an amount was converted, so that a response can say so. */
export interface FxConversion {
  from: string;
  to: string;
  rate: number;
  /** `direct` row, `inverse` of the opposite row, or `identity` (same currency). */
  source: 'direct' | 'inverse' | 'identity';
  updated_at: string | null;
}

/**
 * The rate that turns `from` into `to`: the direct row, else the inverse of the opposite row.
 * No triangulation through a third currency: a rate the table does not state is not invented.
 */
export function findFxRate(rates: readonly FxRate[], from: string, to: string): FxConversion | null {
  if (from === to) return { from, to, rate: 1, source: 'identity', updated_at: null };
  const direct = rates.find((r) => r.base === from && r.quote === to);
  if (direct) return { from, to, rate: direct.rate, source: 'direct', updated_at: direct.updatedAt.toISOString() };
  const inverse = rates.find((r) => r.base === to && r.quote === from);
  if (inverse) return { from, to, rate: 1 / inverse.rate, source: 'inverse', updated_at: inverse.updatedAt.toISOString() };
  return null;
}

/** Converts integer minor units across currencies with their own exponents, rounding half up. */
export function convertMinor(amountMinor: number, from: string, to: string, rate: number): number {
  if (from === to) return amountMinor;
  const major = amountMinor / 10 ** currencyExponent(from);
  const target = major * rate * 10 ** currencyExponent(to);
  return Math.round(target + 1e-9);
}

export function convertMoney(money: Money, to: string, conversion: FxConversion): Money {
  return { amount: convertMinor(money.amount, money.currency, to, conversion.rate), currency: to };
}
