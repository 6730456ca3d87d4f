/**
 * ISO 4217 minor-unit exponents (docs/api-contract.md "Money, dates and ids"). Currencies not listed use 2, which is what ISO
 * assigns to almost every currency; the exceptions that matter for hotels are listed explicitly.
 */
const EXPONENTS: Record<string, number> = {
  // zero-decimal
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  // three-decimal
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  // four-decimal
  CLF: 4,
  UYW: 4,
};

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export function isCurrencyCode(value: string): boolean {
  return CURRENCY_PATTERN.test(value);
}

/** Number of minor-unit digits of a currency (EUR 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/** Minor units (integer) to major units for display: 12345 EUR cents -> 123.45. */
export function toMajorUnits(amountMinor: number, currency: string): number {
  const exponent = currencyExponent(currency);
  return Number((amountMinor / 10 ** exponent).toFixed(exponent));
}

/** Major units to the nearest integer minor unit, half away from zero. */
export function toMinorUnits(amountMajor: number, currency: string): number {
  const scaled = amountMajor * 10 ** currencyExponent(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + Number.EPSILON * Math.abs(scaled));
}

/** `EUR 120.00`, `JPY 18000`: for explanations, never for machines. */
export function formatMoney(amountMinor: number, currency: string): string {
  const exponent = currencyExponent(currency);
  return `${currency} ${(amountMinor / 10 ** exponent).toFixed(exponent)}`;
}
