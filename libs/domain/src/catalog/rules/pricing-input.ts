import type { FieldError } from '../../errors/domain-error';
import type { NightPartyPrices, OccupancyPricingInput, Tax } from '../catalog';

/** Highest child age a bracket may name (18 and over is an adult). */
export const MAX_CHILD_AGE = 17;

const isAmount = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Brackets: integer `max_age` 0..17, strictly ascending, integer `amount` ≥ 0. */
export function childRatesViolations(rates: ReadonlyArray<{ max_age: unknown; amount: unknown }>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  rates.forEach((r, i) => {
    const ageOk = Number.isInteger(r.max_age) && (r.max_age as number) >= 0 && (r.max_age as number) <= MAX_CHILD_AGE;
    if (!ageOk) errors.push({ path: `${path}.${i}.max_age`, message: `must be an integer from 0 to ${MAX_CHILD_AGE}` });
    else if (i > 0 && Number.isInteger(rates[i - 1].max_age) && (r.max_age as number) <= (rates[i - 1].max_age as number)) {
      errors.push({ path: `${path}.${i}.max_age`, message: 'brackets must be in strictly ascending max_age' });
    }
    if (!isAmount(r.amount)) errors.push({ path: `${path}.${i}.amount`, message: 'must be an integer of minor units, 0 or more' });
  });
  return errors;
}

/** A rate plan's `occupancy_pricing` against its room type's occupancy (docs/catalog.md "Party pricing"). */
export function occupancyPricingViolations(input: OccupancyPricingInput, maxOccupancy: number, path = 'occupancy_pricing'): FieldError[] {
  const errors: FieldError[] = [];
  if (input.base_adults != null && (!Number.isInteger(input.base_adults) || input.base_adults < 1 || input.base_adults > maxOccupancy)) {
    errors.push({ path: `${path}.base_adults`, message: `must be an integer from 1 to the room type's max_occupancy (${maxOccupancy})` });
  }
  if (input.extra_adult != null && !isAmount(input.extra_adult))
    errors.push({ path: `${path}.extra_adult`, message: 'must be an integer of minor units, 0 or more' });
  if (input.child_rates != null) errors.push(...childRatesViolations(input.child_rates, `${path}.child_rates`));
  return errors;
}

/** A per-date rate's party prices: `by_adults` keys "1".."max_occupancy", every amount ≥ 0, brackets as the plan's. */
export function nightPartyPricesViolations(input: NightPartyPrices, maxOccupancy: number): FieldError[] {
  const errors: FieldError[] = [];
  const keys = input.by_adults ? Object.keys(input.by_adults).length : 0;
  if (keys > maxOccupancy)
    errors.push({ path: 'by_adults', message: `names at most ${maxOccupancy} adult counts (the room type's max_occupancy), got ${keys}` });
  else if (input.by_adults) {
    for (const [key, amount] of Object.entries(input.by_adults)) {
      const adults = /^[1-9]\d*$/.test(key) ? Number(key) : 0;
      if (adults < 1 || adults > maxOccupancy)
        errors.push({ path: `by_adults.${key}`, message: `keys are adult counts from "1" to "${maxOccupancy}" (the room type's max_occupancy)` });
      else if (!isAmount(amount)) errors.push({ path: `by_adults.${key}`, message: 'must be an integer of minor units, 0 or more' });
    }
  }
  if (input.extra_adult !== undefined && input.extra_adult !== null && !isAmount(input.extra_adult)) {
    errors.push({ path: 'extra_adult', message: 'must be an integer of minor units, 0 or more' });
  }
  if (input.child_rates) errors.push(...childRatesViolations(input.child_rates, 'child_rates'));
  return errors;
}

/**
 * A tax or fee rule (docs/catalog.md "Taxes and fees"): exactly one of `rate_bps` or `amount` with `per`; an item
 * already `included` in the nightly amounts is paid with them, so it cannot be `at_property`.
 */
export function chargeViolations(list: readonly Tax[] | undefined, path: string): FieldError[] {
  const errors: FieldError[] = [];
  (list ?? []).forEach((c, i) => {
    const rate = c.rate_bps !== undefined && c.rate_bps !== null;
    const fixed = c.amount !== undefined && c.amount !== null;
    if (rate === fixed) errors.push({ path: `${path}.${i}`, message: 'set exactly one of rate_bps or amount (with per)' });
    else if (fixed && (c.per === undefined || c.per === null))
      errors.push({ path: `${path}.${i}.per`, message: 'is required with amount: stay, night, person_night or person_stay' });
    else if (rate && c.per !== undefined && c.per !== null)
      errors.push({ path: `${path}.${i}.per`, message: 'applies to a fixed amount only, not to rate_bps' });
    if (c.included === true && c.payable === 'at_property') {
      errors.push({ path: `${path}.${i}.payable`, message: 'an included item is paid with the nightly amounts; it cannot be payable at_property' });
    }
  });
  return errors;
}

/** A tax or fee as stored: the keys the admin set, in a fixed order. */
export function chargeFields(c: Tax): Tax {
  const out: Tax = { code: c.code, name: c.name };
  if (c.rate_bps !== undefined && c.rate_bps !== null) out.rate_bps = c.rate_bps;
  else {
    out.amount = c.amount;
    out.per = c.per;
  }
  if (c.included !== undefined && c.included !== null) out.included = c.included;
  if (c.payable !== undefined && c.payable !== null) out.payable = c.payable;
  return out;
}

/** A plan's `occupancy_pricing` as stored: the keys the admin set (a key sent as null is not set; none set = the defaults). */
export function occupancyPricingFields(input: OccupancyPricingInput | null | undefined): OccupancyPricingInput | null {
  if (!input) return null;
  const out: OccupancyPricingInput = {};
  if (input.base_adults != null) out.base_adults = input.base_adults;
  if (input.extra_adult != null) out.extra_adult = input.extra_adult;
  if (input.child_rates != null) out.child_rates = input.child_rates.map((c) => ({ max_age: c.max_age, amount: c.amount }));
  return Object.keys(out).length > 0 ? out : null;
}
