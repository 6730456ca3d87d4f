import { jobReachSeconds, postStayAt, preArrivalAt, retryDelaySeconds, withinJobReach } from './follow-up-schedule';

describe('follow-up schedule', () => {
  it('sends pre_arrival 48 h before check-in', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(preArrivalAt('2026-01-10T14:00:00Z', now).toISOString()).toBe('2026-01-08T14:00:00.000Z');
  });

  it('sends pre_arrival at once when check-in is nearer than 48 h', () => {
    const now = new Date('2026-01-09T12:00:00Z');
    expect(preArrivalAt('2026-01-10T14:00:00Z', now)).toEqual(now);
  });

  it('sends post_stay at 10:00 property time on the day after check-out', () => {
    expect(postStayAt('2026-07-12', 'Europe/Paris').toISOString()).toBe('2026-07-13T08:00:00.000Z');
    expect(postStayAt('2026-01-12', 'America/Sao_Paulo').toISOString()).toBe('2026-01-13T13:00:00.000Z');
  });

  it('retries along the schedule, then gives up', () => {
    expect([1, 2, 3].map((n) => retryDelaySeconds(n, [10, 60]))).toEqual([10, 60, null]);
    expect(retryDelaySeconds(1, [])).toBeNull();
  });

  it('enqueues a job only for what is due within two sweep periods; the sweep enqueues the rest as it comes near', () => {
    const now = Date.parse('2030-06-01T12:00:00Z');
    const at = (seconds: number) => ({ id: `in-${seconds}`, sendAt: new Date(now + seconds * 1000) });
    expect(jobReachSeconds(30)).toBe(60);
    expect(withinJobReach([at(-5), at(0), at(60), at(61), at(86_400)], 30, now).map((f) => f.id)).toEqual(['in--5', 'in-0', 'in-60']);
    expect(withinJobReach([at(61)], 31, now)).toHaveLength(1);
  });
});
