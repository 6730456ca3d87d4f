import { RateLimiterRes } from 'rate-limiter-flexible';
import { placed } from './rate-limits.service';

describe('placed: one decision per request of a batch counted at once', () => {
  const counted = (consumed: number, limit: number, ms = 30_500) => new RateLimiterRes(limit - consumed, ms, consumed, false);

  it('gives each request of a batch the place it would have had alone', () => {
    const res = counted(7, 10);
    expect([0, 1, 2].map((i) => placed(10, res, 3, i))).toEqual([
      { allowed: true, limit: 10, remaining: 5, resetSeconds: 31 },
      { allowed: true, limit: 10, remaining: 4, resetSeconds: 31 },
      { allowed: true, limit: 10, remaining: 3, resetSeconds: 31 },
    ]);
  });

  it('lets through the requests up to the limit and refuses the rest of a batch that crosses it', () => {
    const res = counted(12, 10);
    expect([0, 1, 2, 3].map((i) => placed(10, res, 4, i))).toEqual([
      { allowed: true, limit: 10, remaining: 1, resetSeconds: 31 },
      { allowed: true, limit: 10, remaining: 0, resetSeconds: 31 },
      { allowed: false, limit: 10, remaining: 0, resetSeconds: 31 },
      { allowed: false, limit: 10, remaining: 0, resetSeconds: 31 },
    ]);
  });

  it('refuses every request of a batch refused from memory (nothing counted, the budget already spent)', () => {
    const fromMemory = new RateLimiterRes(0, 1_200);
    expect([0, 1].map((i) => placed(10, fromMemory, 2, i))).toEqual([
      { allowed: false, limit: 10, remaining: 0, resetSeconds: 2 },
      { allowed: false, limit: 10, remaining: 0, resetSeconds: 2 },
    ]);
  });
});
