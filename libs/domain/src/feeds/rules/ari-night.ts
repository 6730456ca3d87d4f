import { DEFAULT_CHECKIN_TIME } from '../../booking/rules/policy-snapshot';
import { priceStay, readFeeRules, readTaxRules } from '../../booking/rules/pricing';
import { plusDays } from '../../stay/calendar';
import { stayRestrictionViolations } from '../../stay/stay-restrictions';
import { OccupancyPricing, partyNightPrice, readOccupancyPricing } from '../../booking/rules/party-price';
import type { FeedAriProperty, FeedRatePlan, FeedRoomType } from '../feed.types';

/** One night's price of a room under a rate plan: what a one-night quote for that check-in totals. */
export interface AriPrice {
  currency: string;
  /** Room subtotal (the rate of the night), minor units. */
  baserate: number;
  /** Sum of the property's taxes on it not already included in the rate, minor units. */
  tax: number;
  /** Sum of the property's fees for one night not already included, minor units. */
  otherFees: number;
  total: number;
}

/** Until when a rate plan is refundable, in Google's terms: days before check-in and local time of day. */
export type AriRefundability = { available: false } | { available: true; untilDays: number; untilTime: string };

/** A room type and one of its rate plans: a Google room bundle. */
export interface AriPlan {
  roomType: FeedRoomType;
  ratePlan: FeedRatePlan;
  refundability: AriRefundability;
  /**
   * The adults the price is for (`<Occupancy>`): the room's max occupancy for a plan without party
   * pricing (its price is the same for any party), else the plan's `base_adults`.
   */
  occupancy: number;
  pricing: OccupancyPricing;
}

export interface AriBundle {
  plan: AriPlan;
  price: AriPrice;
  /** allotment − held − sold, at least 1 (a sold-out room is left out). */
  roomsLeft: number;
}

/** One property and check-in date: the bookable bundles, cheapest first in `lowest`; none means no vacancy. */
export interface AriNight {
  propertyId: string;
  checkIn: string;
  bundles: AriBundle[];
  lowest: AriBundle | null;
}

/**
 * Refundability of a rate plan from its policy and the property's check-in time: free
 * cancellation `hours` before check-in becomes N days before, at the wall-clock time that leaves.
 */
export function refundability(ratePlan: FeedRatePlan, checkinTime: string | null): AriRefundability {
  if (ratePlan.cancellationKind !== 'free_cancellation') return { available: false };
  const time = checkinTime && /^\d{2}:\d{2}/.test(checkinTime) ? checkinTime.slice(0, 5) : DEFAULT_CHECKIN_TIME;
  const checkinMinutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const cutoff = checkinMinutes - ratePlan.freeCancellationHoursBeforeCheckin * 60;
  const untilDays = cutoff >= 0 ? 0 : Math.ceil(-cutoff / 1440);
  const minutes = cutoff + untilDays * 1440;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { available: true, untilDays, untilTime: `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00` };
}

/** Rooms left on a night: the inventory row, or the room type's default when the night has none. Never negative. */
export function roomsLeft(property: FeedAriProperty, roomType: FeedRoomType, night: string): number {
  const row = property.inventory[roomType.id]?.[night];
  if (!row) return roomType.defaultInventory;
  return Math.max(0, row.allotment - row.held - row.sold);
}

/**
 * Prices and counts a property's bundles for its check-in dates with the quote's pricing rule
 * (`priceStay` over one night), leaving out a plan whose stay restrictions a one-night stay from
 * that date breaks (the quote's rule, `stayRestrictionViolations`). Prices are shared between nights with the same rate, so a 90-day
 * window prices each distinct nightly amount once.
 */
export class AriNightPlanner {
  readonly plans: AriPlan[];
  /** Prices by currency and occupancy, then nightly rate. */
  private readonly prices = new Map<string, Map<number, AriPrice>>();
  private readonly taxes;
  private readonly fees;

  /**
   * `today`: the property's local date (its first check-in date), from which advance-booking
   * restrictions count; without it they count from each check-in date.
   */
  constructor(
    private readonly property: FeedAriProperty,
    private readonly today: string | null = null,
  ) {
    const roomTypes = new Map(property.roomTypes.map((rt) => [rt.id, rt]));
    this.plans = property.ratePlans.flatMap((ratePlan) => {
      const roomType = roomTypes.get(ratePlan.roomTypeId);
      if (!roomType) return [];
      const pricing = readOccupancyPricing(ratePlan.occupancyPricing, roomType.maxOccupancy);
      const occupancy = ratePlan.occupancyPricing ? pricing.base_adults : roomType.maxOccupancy;
      return [{ roomType, ratePlan, refundability: refundability(ratePlan, property.checkinTime), occupancy, pricing }];
    });
    this.taxes = readTaxRules(property.taxes);
    this.fees = readFeeRules(property.fees);
  }

  night(checkIn: string): AriNight {
    const bundles: AriBundle[] = [];
    let lowest: AriBundle | null = null;
    for (const plan of this.plans) {
      const left = roomsLeft(this.property, plan.roomType, checkIn);
      if (left < 1 || this.restricted(plan.ratePlan, checkIn)) continue;
      const bundle = { plan, price: this.price(plan, checkIn), roomsLeft: left };
      bundles.push(bundle);
      if (!lowest || bundle.price.total < lowest.price.total) lowest = bundle;
    }
    return { propertyId: this.property.id, checkIn, bundles, lowest };
  }

  /** True when a one-night stay from `checkIn` breaks the plan's stay restrictions (a quote would refuse it). */
  private restricted(ratePlan: FeedRatePlan, checkIn: string): boolean {
    const restrictions = this.property.restrictions[ratePlan.id];
    if (!restrictions) return false;
    const today = this.today ?? checkIn;
    return stayRestrictionViolations({ check_in: checkIn, check_out: plusDays(checkIn, 1) }, today, restrictions).length > 0;
  }

  private price({ ratePlan, occupancy, pricing }: AriPlan, night: string): AriPrice {
    const amount = this.property.dailyRates[ratePlan.id]?.[night] ?? ratePlan.baseRateAmount;
    const party = { adults: occupancy, children: [] };
    const rate = partyNightPrice(amount, party, pricing, this.property.dailyOccupancy[ratePlan.id]?.[night]);
    const key = `${ratePlan.currency} ${occupancy}`;
    let byRate = this.prices.get(key);
    if (!byRate) this.prices.set(key, (byRate = new Map()));
    let price = byRate.get(rate);
    if (!price) {
      // The night already priced for the party; persons = the occupancy, for per-person fees.
      const stay = priceStay({
        currency: ratePlan.currency,
        nights: [night],
        baseRate: rate,
        dailyRates: {},
        taxes: this.taxes,
        fees: this.fees,
        party: { guests: party, occupancy: { base_adults: occupancy, extra_adult: 0, child_rates: [] } },
      });
      const added = (items: typeof stay.taxes) => items.reduce((sum, i) => (i.included ? sum : sum + i.amount.amount), 0);
      price = { currency: stay.currency, baserate: stay.subtotal.amount, tax: added(stay.taxes), otherFees: added(stay.fees), total: stay.total.amount };
      byRate.set(rate, price);
    }
    return price;
  }
}
