/** ISO 4217 minor-unit exponents that differ from 2; every other currency has 2 decimals. */
const EXPONENTS: Record<string, number> = {
  BHD: 3, BIF: 0, CLP: 0, DJF: 0, GNF: 0, IQD: 3, ISK: 0, JOD: 3, JPY: 0, KMF: 0, KRW: 0, KWD: 3,
  LYD: 3, OMR: 3, PYG: 0, RWF: 0, TND: 3, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
};

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

export function currencyExponent(currency: string): number {
  return EXPONENTS[currency] ?? 2;
}

/** Minor units as a display number in major units (EUR 12345 -> 123.45, JPY 12345 -> 12345). */
export function toMajorUnits(amount: number, currency: string): number {
  return amount / 10 ** currencyExponent(currency);
}

/** Major units to integer minor units, rounded half away from zero. */
export function toMinorUnits(major: number, currency: string): number {
  const scaled = major * 10 ** currencyExponent(currency);
  return Math.sign(scaled) * Math.round(Math.abs(scaled));
}
