import { TtlCache } from './ttl-cache';

describe('TtlCache', () => {
  it('returns a value until it expires', () => {
    const cache = new TtlCache<string, number>(10);
    cache.set('a', 1, 1000, 0);
    expect(cache.get('a', 999)).toBe(1);
    expect(cache.get('a', 1000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the oldest entry when full and can be cleared', () => {
    const cache = new TtlCache<string, number>(2);
    cache.set('a', 1, 1000, 0);
    cache.set('b', 2, 1000, 0);
    cache.set('c', 3, 1000, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('c', 1)).toBe(3);
    cache.clear();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('ignores entries whose lifetime is over already', () => {
    const cache = new TtlCache<string, number>(2);
    cache.set('a', 1, 0, 0);
    expect(cache.has('a', 0)).toBe(false);
  });
});
