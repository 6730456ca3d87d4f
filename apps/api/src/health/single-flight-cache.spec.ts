import { SingleFlightCache } from './single-flight-cache';

describe('SingleFlightCache', () => {
  let now: number;
  let fetches: number;
  const cache = () => new SingleFlightCache<number>(1000, () => now);
  const fetch = () => Promise.resolve(++fetches);

  beforeEach(() => {
    now = 10_000;
    fetches = 0;
  });

  it('answers from the last fetch for up to the maximum age, then fetches again', async () => {
    const c = cache();
    expect(await c.get(fetch)).toBe(1);
    now += 999;
    expect(await c.get(fetch)).toBe(1);
    now += 1;
    expect(await c.get(fetch)).toBe(2);
    now += 500;
    expect(await c.get(fetch)).toBe(2);
    expect(fetches).toBe(2);
  });

  it('measures the age from the start of the fetch, not its end', async () => {
    const c = cache();
    let finish: (value: number) => void = () => undefined;
    const slow = c.get(() => new Promise<number>((resolve) => (finish = resolve)));
    now += 1200;
    finish(7);
    expect(await slow).toBe(7);
    expect(await c.get(fetch)).toBe(1);
  });

  it('shares one fetch in flight between callers who arrive together', async () => {
    const c = cache();
    let finish: (value: number) => void = () => undefined;
    let started = 0;
    const slow = () => {
      started++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const callers = Array.from({ length: 50 }, () => c.get(slow));
    expect(started).toBe(1);
    finish(3);
    expect(await Promise.all(callers)).toEqual(Array(50).fill(3));
  });

  it('forgets a failed fetch at once, so the next caller tries again', async () => {
    const c = cache();
    await expect(c.get(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await c.get(fetch)).toBe(1);
  });

  it('fetches again when the clock goes backwards', async () => {
    const c = cache();
    await c.get(fetch);
    now -= 5000;
    expect(await c.get(fetch)).toBe(2);
  });
});
