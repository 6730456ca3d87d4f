import type { Money } from '../../money/money';
import type { Guests, PriceBreakdown, PricedNight, PricedRoom } from '../chain.types';

/** One room's price (`priceStay` for its party) with the party it was priced for. */
export interface RoomPrice {
  guests: Guests;
  price: PriceBreakdown;
}

/** Money, possibly restated in another currency (`payable_at_property.local`). */
type MoneyLike = Money & { local?: Money };

const isMoney = (value: unknown): value is MoneyLike =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as Money).amount === 'number' &&
  typeof (value as Money).currency === 'string' &&
  Object.keys(value).every((key) => key === 'amount' || key === 'currency' || key === 'local');

/** The sum; a restatement (`local`) is summed too when both carry one. */
const addMoney = (a: MoneyLike, b: MoneyLike): MoneyLike => {
  const sum = { amount: a.amount + b.amount, currency: a.currency };
  return a.local && b.local ? { ...sum, local: addMoney(a.local, b.local) } : sum;
};

/** Items (taxes or fees) summed by `code`: the first room's item keeps its other fields, `amount` is the sum. */
function sumItems<T extends { code: string; amount: Money }>(lists: T[][]): T[] {
  const byCode = new Map<string, T>();
  for (const list of lists) {
    for (const item of list) {
      const seen = byCode.get(item.code);
      byCode.set(item.code, seen ? { ...seen, amount: addMoney(seen.amount, item.amount) } : { ...item });
    }
  }
  return [...byCode.values()];
}

/** Nights summed per date, in the first room's date order. */
function sumNights(lists: PricedNight[][]): PricedNight[] {
  const byDate = new Map<string, PricedNight>();
  for (const list of lists) {
    for (const night of list) {
      const seen = byDate.get(night.date);
      byDate.set(night.date, seen ? { date: night.date, amount: addMoney(seen.amount, night.amount) } : { ...night });
    }
  }
  return [...byDate.values()];
}

/**
 * The price of a quote made with `rooms` (docs/booking-chain.md "Several rooms"): each room priced
 * alone for its party, then the quote's breakdown is their sum: nights per date, taxes and fees
 * item by item by `code`, every other money field (`subtotal`, `total` and any other the room's
 * breakdown carries) summed, plus `rooms: [{room, guests, nights, subtotal}]` in request order.
 * A per-stay fee is charged per room: each room is a stay of its own at the property.
 */
export function combineRoomPrices(rooms: readonly RoomPrice[]): PriceBreakdown {
  if (rooms.length === 0) throw new Error('combineRoomPrices needs at least one room');
  const prices = rooms.map((r) => r.price);
  const combined: Record<string, unknown> = { ...prices[0] };
  for (const [key, value] of Object.entries(prices[0])) {
    if (isMoney(value)) {
      combined[key] = prices.slice(1).reduce<MoneyLike>((sum, p) => addMoney(sum, (p as unknown as Record<string, MoneyLike>)[key]), value);
    }
  }
  combined.nights = sumNights(prices.map((p) => p.nights));
  combined.taxes = sumItems(prices.map((p) => p.taxes));
  combined.fees = sumItems(prices.map((p) => p.fees));
  const perRoom: PricedRoom[] = rooms.map((r, i) => ({ room: i + 1, guests: r.guests, nights: r.price.nights, subtotal: r.price.subtotal }));
  return { ...(combined as unknown as PriceBreakdown), rooms: perRoom };
}

/** The whole party of several rooms: adults summed, children listed room by room. */
export function wholeParty(rooms: readonly Guests[]): Guests {
  return { adults: rooms.reduce((sum, r) => sum + r.adults, 0), children: rooms.flatMap((r) => r.children) };
}
