import fc from 'fast-check';
import { cancellationBase, cancellationFee } from './cancellation-fee';
import { cancellationTimeline } from './cancellation-timeline';
import { priceStay } from './pricing';
import { checkInInstant, freeCancellationUntil, snapshotPolicy } from './policy-snapshot';

const total = { amount: 30001, currency: 'EUR' };
const checkIn = new Date('2027-05-10T13:00:00Z');
const free = { cancellation_kind: 'free_cancellation' as const, free_cancellation_hours_before_checkin: 48, cancellation_fee_pct_after_cutoff: 50 };
const nonRefundable = { cancellation_kind: 'non_refundable' as const, free_cancellation_hours_before_checkin: 0, cancellation_fee_pct_after_cutoff: 100 };

describe('cancellationFee', () => {
  it('is free before the cutoff and the percentage of the total from the cutoff on', () => {
    expect(cancellationFee(free, total, new Date('2027-05-08T12:59:59Z'), checkIn)).toEqual({ amount: 0, currency: 'EUR' });
    expect(cancellationFee(free, total, new Date('2027-05-08T13:00:00Z'), checkIn)).toEqual({ amount: 15001, currency: 'EUR' });
    expect(cancellationFee(free, total, new Date('2027-05-10T12:00:00Z'), checkIn)).toEqual({ amount: 15001, currency: 'EUR' });
  });

  it('charges the whole total for non-refundable terms, before and after any cutoff', () => {
    expect(cancellationFee(nonRefundable, total, new Date('2026-01-01T00:00:00Z'), checkIn)).toEqual(total);
    expect(cancellationFee(nonRefundable, total, new Date('2027-05-10T12:00:00Z'), checkIn)).toEqual(total);
  });

  it('never exceeds the total and never goes negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.integer({ min: 0, max: 720 }),
        fc.integer({ min: -2000, max: 2000 }),
        (amount, pctBps, hours, offsetHours) => {
          const fee = cancellationFee(
            { cancellation_kind: 'free_cancellation', free_cancellation_hours_before_checkin: hours, cancellation_fee_pct_after_cutoff: pctBps / 100 },
            { amount, currency: 'USD' },
            new Date(checkIn.getTime() + offsetHours * 3_600_000),
            checkIn,
          );
          expect(fee.amount).toBeGreaterThanOrEqual(0);
          expect(fee.amount).toBeLessThanOrEqual(amount);
          expect(Number.isInteger(fee.amount)).toBe(true);
        },
      ),
    );
  });
});

describe('policy snapshot', () => {
  it('puts check-in at the property check-in time in its time zone', () => {
    expect(checkInInstant('2027-07-01', '14:00', 'Europe/Paris')).toBe('2027-07-01T12:00:00Z');
    expect(checkInInstant('2027-01-15', null, 'America/New_York')).toBe('2027-01-15T20:00:00Z');
  });

  it('computes free_cancellation_until from check-in, and none for non-refundable terms', () => {
    expect(freeCancellationUntil({ cancellation_kind: 'free_cancellation', free_cancellation_hours_before_checkin: 24 }, '2027-07-01T12:00:00Z')).toBe(
      '2027-06-30T12:00:00Z',
    );
    expect(freeCancellationUntil({ cancellation_kind: 'non_refundable', free_cancellation_hours_before_checkin: 24 }, '2027-07-01T12:00:00Z')).toBeNull();
    const snap = snapshotPolicy({ policy_id: 'p', version: '3', child_policy_text: null, ...free }, '2027-07-01', '16:30', 'Asia/Tokyo');
    expect(snap).toMatchObject({ check_in_at: '2027-07-01T07:30:00Z', free_cancellation_until: '2027-06-29T07:30:00Z', timezone: 'Asia/Tokyo', version: '3' });
  });

  it('applies to the total less the added items payable at the property, for both kinds of terms and in the timeline', () => {
    const price = priceStay({
      currency: 'EUR',
      nights: ['2027-05-10', '2027-05-11'],
      baseRate: 10000,
      dailyRates: {},
      taxes: [
        { code: 'CITY', name: 'City tax', amount: 300, per: 'person_night', payable: 'at_property' },
        { code: 'VAT', name: 'VAT', rate_bps: 1000, included: true, payable: 'online' },
      ],
      fees: [{ code: 'RESORT', name: 'Resort', amount: 1000, per: 'stay', payable: 'at_property', included: true }],
      party: { guests: { adults: 2, children: [] }, occupancy: { base_adults: 2, extra_adult: 0, child_rates: [] } },
    });
    expect(price.total.amount).toBe(20000 + 1200);
    // an included item is inside the nights (paid with them), so it stays in the base
    const base = cancellationBase(price);
    expect(base).toEqual({ amount: 20000, currency: 'EUR' });
    expect(cancellationFee(free, base, new Date('2027-05-09T00:00:00Z'), checkIn)).toEqual({ amount: 10000, currency: 'EUR' });
    expect(cancellationFee(nonRefundable, base, new Date('2027-05-01T00:00:00Z'), checkIn)).toEqual(base);
    const terms = { ...free, check_in_at: '2027-05-10T13:00:00Z', timezone: 'UTC' };
    expect(cancellationTimeline(terms, '2027-05-10', base).map((e) => e.fee.amount)).toEqual([0, 10000]);
    expect(cancellationBase({ ...price, taxes: [], fees: [] })).toEqual(price.total);
  });
});
