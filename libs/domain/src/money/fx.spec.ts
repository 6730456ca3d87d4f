import { convertMinor, findFxRate, FxRate } from './fx';

const at = new Date('2026-01-01T00:00:00Z');
const rates: FxRate[] = [
  { base: 'EUR', quote: 'USD', rate: 1.1, updatedAt: at },
  { base: 'EUR', quote: 'JPY', rate: 160, updatedAt: at },
  { base: 'KWD', quote: 'EUR', rate: 3, updatedAt: at },
];

describe('fx conversion', () => {
  it('uses the direct row, the inverse row, or identity, and nothing else', () => {
    expect(findFxRate(rates, 'EUR', 'USD')).toMatchObject({ rate: 1.1, source: 'direct' });
    expect(findFxRate(rates, 'USD', 'EUR')?.rate).toBeCloseTo(1 / 1.1, 10);
    expect(findFxRate(rates, 'USD', 'EUR')?.source).toBe('inverse');
    expect(findFxRate(rates, 'GBP', 'GBP')).toMatchObject({ rate: 1, source: 'identity' });
    expect(findFxRate(rates, 'USD', 'JPY')).toBeNull();
  });

  it('respects each currency exponent', () => {
    expect(convertMinor(12000, 'EUR', 'USD', 1.1)).toBe(13200);
    expect(convertMinor(12000, 'EUR', 'JPY', 160)).toBe(19200);
    expect(convertMinor(19200, 'JPY', 'EUR', 1 / 160)).toBe(12000);
    expect(convertMinor(1000, 'KWD', 'EUR', 3)).toBe(300);
    expect(convertMinor(300, 'EUR', 'KWD', 1 / 3)).toBe(1000);
    expect(convertMinor(555, 'EUR', 'EUR', 7)).toBe(555);
  });
});
