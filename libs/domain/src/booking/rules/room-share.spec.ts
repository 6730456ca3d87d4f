import fc from 'fast-check';
import { roomShares } from './room-share';

const eur = (amount: number) => ({ amount, currency: 'EUR' });
const room = (n: number, subtotal: number) => ({ room: n, subtotal: eur(subtotal) });

describe('roomShares', () => {
  it('splits in proportion to the subtotals', () => {
    const shares = roomShares(eur(30000), [room(1, 10000), room(2, 20000)]);
    expect(shares.get(1)).toEqual(eur(10000));
    expect(shares.get(2)).toEqual(eur(20000));
  });

  it('gives the leftover minor units to the largest remainders, ties to the lower room', () => {
    const shares = roomShares(eur(100), [room(1, 1), room(2, 1), room(3, 1)]);
    expect([...shares.values()].map((m) => m.amount)).toEqual([34, 33, 33]);
    const uneven = roomShares(eur(101), [room(1, 1), room(2, 2)]);
    // 33.67 and 67.33: the first has the larger remainder.
    expect(uneven.get(1)).toEqual(eur(34));
    expect(uneven.get(2)).toEqual(eur(67));
  });

  it('shares equally when every subtotal is zero, and a zero amount is zero everywhere', () => {
    expect([...roomShares(eur(5), [room(1, 0), room(2, 0)]).values()].map((m) => m.amount)).toEqual([3, 2]);
    expect([...roomShares(eur(0), [room(1, 10), room(2, 0)]).values()].map((m) => m.amount)).toEqual([0, 0]);
  });

  it('the shares always add up to the amount, none negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 8 }),
        (amount, subtotals) => {
          const shares = [
            ...roomShares(
              eur(amount),
              subtotals.map((s, i) => room(i + 1, s)),
            ).values(),
          ];
          expect(shares.reduce((s, m) => s + m.amount, 0)).toBe(amount);
          for (const share of shares) expect(share.amount).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});
