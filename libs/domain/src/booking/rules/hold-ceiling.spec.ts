import { holdLimitReached } from './hold-ceiling';

describe('holdLimitReached', () => {
  const now = new Date('2027-01-10T10:00:00.000Z');

  it('tells the agent to come back when its earliest hold expires, rounded up to the second', () => {
    const refusal = holdLimitReached(3, new Date('2027-01-10T10:04:00.200Z'), now);
    expect(refusal.code).toBe('hold_limit_reached');
    expect(refusal.retryAfter).toBe(241);
    expect(refusal.detail).toEqual({ max_live_holds: 3, earliest_expiry: '2027-01-10T10:04:00.200Z' });
  });

  it('never says less than a second, even for a hold already due', () => {
    expect(holdLimitReached(3, new Date('2027-01-10T09:59:59.000Z'), now).retryAfter).toBe(1);
    expect(holdLimitReached(3, null, now).retryAfter).toBe(1);
  });
});
