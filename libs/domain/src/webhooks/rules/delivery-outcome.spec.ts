import { attemptVerdict, deliveryMove, retryDelayMs } from './delivery-outcome';

describe('attemptVerdict', () => {
  it.each([
    [200, 'succeeded'],
    [204, 'succeeded'],
    [301, 'retry'],
    [400, 'final'],
    [401, 'final'],
    [404, 'final'],
    [408, 'retry'],
    [410, 'gone'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [null, 'retry'],
  ])('%s -> %s', (status, verdict) => {
    expect(attemptVerdict(status)).toBe(verdict);
  });
});

describe('retryDelayMs', () => {
  const schedule = [10, 60, 300];

  it('follows the schedule within ±10 % jitter and ends after it', () => {
    expect(retryDelayMs(schedule, 1, 0)).toBe(9000);
    expect(retryDelayMs(schedule, 1, 0.5)).toBe(10000);
    expect(retryDelayMs(schedule, 2, 0.999999)).toBe(66000);
    expect(retryDelayMs(schedule, 3, 0.5)).toBe(300000);
    expect(retryDelayMs(schedule, 4, 0.5)).toBeNull();
  });
});

describe('deliveryMove', () => {
  const schedule = [10, 60];
  const now = Date.UTC(2026, 0, 1);

  it('succeeds, fails final and gone answers, retries on the schedule, then is dead', () => {
    expect(deliveryMove('succeeded', schedule, 1, 0.5, now)).toEqual({ state: 'succeeded', nextAttemptAt: null });
    expect(deliveryMove('final', schedule, 1, 0.5, now)).toEqual({ state: 'failed', nextAttemptAt: null });
    expect(deliveryMove('gone', schedule, 1, 0.5, now)).toEqual({ state: 'failed', nextAttemptAt: null });
    expect(deliveryMove('retry', schedule, 2, 0.5, now)).toEqual({ state: 'pending', nextAttemptAt: new Date(now + 60_000) });
    expect(deliveryMove('retry', schedule, 3, 0.5, now)).toEqual({ state: 'dead', nextAttemptAt: null });
  });
});
