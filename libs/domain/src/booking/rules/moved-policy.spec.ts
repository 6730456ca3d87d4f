import fc from 'fast-check';
import { DateTime } from 'luxon';
import { cancellationFee } from './cancellation-fee';
import { cancellableUntil } from './cancellation-timeline';
import { movedPolicySnapshot } from './moved-policy';
import { snapshotPolicy } from './policy-snapshot';

const total = { amount: 30001, currency: 'EUR' };
const booked = (checkIn: string, hours = 48, pct = 50) =>
  snapshotPolicy(
    {
      policy_id: 'p',
      version: '1',
      cancellation_kind: 'free_cancellation',
      free_cancellation_hours_before_checkin: hours,
      cancellation_fee_pct_after_cutoff: pct,
      child_policy_text: null,
    },
    checkIn,
    '15:00',
    'Europe/Paris',
  );
const move = (snapshot: ReturnType<typeof booked>, checkIn: string) =>
  movedPolicySnapshot(snapshot, { checkIn, checkinTime: '15:00', timezone: 'Europe/Paris', total });
const plusDays = (date: string, days: number) => DateTime.fromISO(date).plus({ days }).toISODate() as string;
const feeAt = (snapshot: ReturnType<typeof booked>, at: Date) => cancellationFee(snapshot, total, at, new Date(snapshot.check_in_at)).amount;

describe('movedPolicySnapshot', () => {
  it('a booking past its cutoff moved 60 days ahead still pays the after-cutoff fee', () => {
    const before = booked('2027-05-10');
    const now = new Date('2027-05-09T08:00:00Z'); // the cutoff (2027-05-08T13:00Z) has passed
    expect(feeAt(before, now)).toBe(15001);
    const moved = move(before, '2027-07-09');
    expect(moved.check_in_at).toBe('2027-07-09T13:00:00Z');
    expect(moved.free_cancellation_until).toBe('2027-05-08T13:00:00Z');
    expect(feeAt(moved, now)).toBe(15001);
    expect(moved.cancellation_timeline).toEqual([
      { until: '2027-05-08T13:00:00Z', fee: { amount: 0, currency: 'EUR' } },
      { until: '2027-07-08T22:00:00Z', fee: { amount: 15001, currency: 'EUR' } },
    ]);
  });

  it('keeps the frozen terms and moves everything else with the dates', () => {
    const before = booked('2027-05-10');
    const earlier = move(before, '2027-05-05');
    expect(earlier).toMatchObject({
      policy_id: 'p',
      version: '1',
      free_cancellation_hours_before_checkin: 48,
      cancellation_fee_pct_after_cutoff: 50,
      check_in_at: '2027-05-05T13:00:00Z',
      free_cancellation_until: '2027-05-03T13:00:00Z',
    });
    // Moving again later never gives back the deadline an earlier move took away.
    expect(move(earlier, '2027-06-01').free_cancellation_until).toBe('2027-05-03T13:00:00Z');
  });

  it('the fee at any instant after a move is at least the fee without it, wherever the booking moves', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 90 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 30 * 24 * 60 }),
        (days, hours, pct, minutesBeforeStart) => {
          const before = booked('2027-05-10', hours, pct);
          const moved = move(before, plusDays('2027-05-10', days));
          const at = new Date(Date.parse(cancellableUntil('2027-05-10', 'Europe/Paris')) - 1 - minutesBeforeStart * 60_000);
          expect(feeAt(moved, at)).toBeGreaterThanOrEqual(feeAt(before, at));
        },
      ),
    );
  });
});
