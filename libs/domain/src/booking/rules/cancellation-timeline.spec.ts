import fc from 'fast-check';
import { cancellationFee } from './cancellation-fee';
import { cancellableUntil, cancellationTimeline, withCancellationTimeline } from './cancellation-timeline';
import { snapshotPolicy } from './policy-snapshot';

const total = { amount: 30001, currency: 'EUR' };
const terms = (kind: 'free_cancellation' | 'non_refundable', hours = 48, pct = 50) =>
  snapshotPolicy(
    {
      policy_id: 'p',
      version: '1',
      cancellation_kind: kind,
      free_cancellation_hours_before_checkin: hours,
      cancellation_fee_pct_after_cutoff: pct,
      child_policy_text: null,
    },
    '2027-05-10',
    '15:00',
    'Europe/Paris',
  );

describe('cancellationTimeline', () => {
  it('free until the cutoff, then the percentage until the stay starts (midnight of check-in, property time)', () => {
    expect(cancellableUntil('2027-05-10', 'Europe/Paris')).toBe('2027-05-09T22:00:00Z');
    expect(cancellationTimeline(terms('free_cancellation'), '2027-05-10', total)).toEqual([
      { until: '2027-05-08T13:00:00Z', fee: { amount: 0, currency: 'EUR' } },
      { until: '2027-05-09T22:00:00Z', fee: { amount: 15001, currency: 'EUR' } },
    ]);
  });

  it('one step for non-refundable terms, and for free terms whose cutoff is after the stay starts', () => {
    expect(cancellationTimeline(terms('non_refundable', 0, 100), '2027-05-10', total)).toEqual([{ until: '2027-05-09T22:00:00Z', fee: total }]);
    expect(cancellationTimeline(terms('free_cancellation', 2), '2027-05-10', total)).toEqual([
      { until: '2027-05-09T22:00:00Z', fee: { amount: 0, currency: 'EUR' } },
    ]);
    // A 0 % fee after the cutoff is free all the way.
    expect(cancellationTimeline(terms('free_cancellation', 48, 0), '2027-05-10', total)).toEqual([
      { until: '2027-05-09T22:00:00Z', fee: { amount: 0, currency: 'EUR' } },
    ]);
  });

  it('agrees with cancellationFee at every instant before the stay starts', () => {
    const snap = terms('free_cancellation', 72, 35);
    const timeline = cancellationTimeline(snap, '2027-05-10', total);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 * 24 * 3600 }), (secondsBefore) => {
        const at = new Date(Date.parse('2027-05-09T22:00:00Z') - 1000 - secondsBefore * 1000);
        const step = timeline.find((s) => at.getTime() < Date.parse(s.until));
        return step?.fee.amount === cancellationFee(snap, total, at, new Date(snap.check_in_at)).amount;
      }),
    );
  });

  it('is computed on read for snapshots frozen without one, and kept when present', () => {
    const snap = terms('free_cancellation');
    expect(withCancellationTimeline(snap, '2027-05-10', total).cancellation_timeline).toEqual(cancellationTimeline(snap, '2027-05-10', total));
    const stored = { ...snap, cancellation_timeline: [] };
    expect(withCancellationTimeline(stored, '2027-05-10', total)).toBe(stored);
  });
});
