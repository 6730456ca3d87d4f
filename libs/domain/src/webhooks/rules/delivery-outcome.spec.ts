import { attemptVerdict, retryDelayMs } from './delivery-outcome';

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
