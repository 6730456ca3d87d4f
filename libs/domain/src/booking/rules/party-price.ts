/** The party of one room, as a quote states it. */
export interface PricedGuests {
  adults: number;
  children: ReadonlyArray<{ age: number }>;
}

/** A child's nightly price up to and including `max_age` (minor units). */
export interface ChildRate {
  max_age: number;
  amount: number;
}

/** A rate plan's party pricing (docs/catalog.md "Party pricing"), defaults filled. */
export interface OccupancyPricing {
  /** Adults the nightly amount is for. */
  base_adults: number;
  /** Minor units per night for each adult above `base_adults`. */
  extra_adult: number;
  /** Ascending `max_age`; a child older than every bracket pays `extra_adult`; empty: children free. */
  child_rates: ChildRate[];
}

/** One night's own party prices, each overriding the plan's for that night when set. */
export interface NightOccupancy {
  /** Price of the night for exactly that many adults (keys "1", "2", …). */
  by_adults?: Record<string, number> | null;
  extra_adult?: number | null;
  child_rates?: ChildRate[] | null;
}

/** The plan's party pricing when it sets none: `min(2, max_occupancy)` adults, extra adults and children free. */
export function defaultOccupancyPricing(maxOccupancy: number): OccupancyPricing {
  return { base_adults: Math.max(1, Math.min(2, maxOccupancy)), extra_adult: 0, child_rates: [] };
}

const isAmount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function readChildRates(raw: unknown): ChildRate[] | null {
  if (!Array.isArray(raw)) return null;
  return raw
    .filter((c): c is ChildRate => !!c && typeof c === 'object' && Number.isInteger(c.max_age) && isAmount(c.amount))
    .map((c) => ({ max_age: c.max_age, amount: c.amount }))
    .sort((a, b) => a.max_age - b.max_age);
}

/** A plan's `occupancy_pricing` as stored (jsonb, null = defaults), with defaults filled for what it leaves out. */
export function readOccupancyPricing(raw: unknown, maxOccupancy: number): OccupancyPricing {
  const defaults = defaultOccupancyPricing(maxOccupancy);
  if (!raw || typeof raw !== 'object') return defaults;
  const r = raw as Record<string, unknown>;
  return {
    base_adults: Number.isInteger(r.base_adults) && (r.base_adults as number) >= 1 ? (r.base_adults as number) : defaults.base_adults,
    extra_adult: isAmount(r.extra_adult) ? r.extra_adult : defaults.extra_adult,
    child_rates: readChildRates(r.child_rates) ?? defaults.child_rates,
  };
}

/** A night's own party prices as stored (nullable columns); null when it sets none. */
export function readNightOccupancy(byAdults: unknown, extraAdult: unknown, childRates: unknown): NightOccupancy | null {
  const by = byAdults && typeof byAdults === 'object' && !Array.isArray(byAdults) ? byAdults : null;
  const night: NightOccupancy = {
    by_adults: by ? Object.fromEntries(Object.entries(by).filter(([k, v]) => /^[1-9]\d*$/.test(k) && isAmount(v))) : null,
    extra_adult: isAmount(extraAdult) ? extraAdult : typeof extraAdult === 'string' && /^\d+$/.test(extraAdult) ? Number(extraAdult) : null,
    child_rates: readChildRates(childRates),
  };
  return night.by_adults || night.extra_adult !== null || night.child_rates ? night : null;
}

/** The bracket price of a child: the first bracket with `max_age >= age`, else `extraAdult`. */
export function childNightPrice(age: number, brackets: readonly ChildRate[], extraAdult: number): number {
  const bracket = brackets.find((b) => b.max_age >= age);
  return bracket ? bracket.amount : extraAdult;
}

/**
 * A night's price for a party (docs/catalog.md "Party pricing"): `by_adults[adults]` if the night sets it, else
 * `amount + max(0, adults − base_adults) × extra_adult`; plus each child's bracket amount. The
 * night's own `extra_adult` and `child_rates` override the plan's.
 */
export function partyNightPrice(amount: number, party: PricedGuests, plan: OccupancyPricing, night: NightOccupancy | null | undefined): number {
  const extraAdult = night?.extra_adult ?? plan.extra_adult;
  const brackets = night?.child_rates ?? plan.child_rates;
  const fixed = night?.by_adults?.[String(party.adults)];
  const adults = fixed ?? amount + Math.max(0, party.adults - plan.base_adults) * extraAdult;
  return party.children.reduce((sum, child) => sum + childNightPrice(child.age, brackets, extraAdult), adults);
}
