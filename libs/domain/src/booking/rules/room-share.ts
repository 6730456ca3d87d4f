import type { Money } from '../../money/money';
import type { PricedRoom } from '../chain.types';

/**
 * Each room's share of an amount (the stay's total), proportional to the rooms' subtotals
 * (docs/booking-chain.md "Several rooms"). Largest remainder: every share is first rounded down,
 * then the minor units left over go one each to the rooms with the largest remainders (ties to the
 * lower room number), so the shares always add up to the amount exactly. Rooms whose subtotals are
 * all zero share it equally by the same rule.
 */
export function roomShares(amount: Money, rooms: ReadonlyArray<Pick<PricedRoom, 'room' | 'subtotal'>>): Map<number, Money> {
  const total = BigInt(amount.amount);
  const allZero = rooms.every((r) => r.subtotal.amount === 0);
  const weights = rooms.map((r) => BigInt(allZero ? 1 : r.subtotal.amount));
  const weightSum = weights.reduce((s, w) => s + w, 0n);
  const floors = weights.map((w) => (total * w) / weightSum);
  const remainders = weights.map((w, i) => ({ i, rest: total * w - floors[i] * weightSum }));
  let left = total - floors.reduce((s, f) => s + f, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? rooms[a.i].room - rooms[b.i].room : a.rest > b.rest ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    floors[i] += 1n;
    left -= 1n;
  }
  return new Map(rooms.map((r, i) => [r.room, { amount: Number(floors[i]), currency: amount.currency }]));
}
