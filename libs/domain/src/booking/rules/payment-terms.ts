import { DateTime } from 'luxon';
import type { FieldError } from '../../errors/domain-error';
import { convertMinor } from '../../money/fx';
import type { Money } from '../../money/money';
import type { PaymentRecord, PriceBreakdown } from '../chain.types';
import { PAYMENT_TERMS_KINDS, type PaymentTerms, type PaymentTermsKind } from '../../catalog/catalog';

// The terms' shape belongs to the catalog's rate plans; the rules about them live here.
export { PAYMENT_TERMS_KINDS } from '../../catalog/catalog';
export type { PaymentTerms, PaymentTermsKind } from '../../catalog/catalog';

export const PREPAY: PaymentTerms = { kind: 'prepay' };

/** Retries of a balance or fee the provider declined: after 1 h, 6 h, then 24 h; the attempt after those is the last. */
export const RETRY_DELAYS_MS = [3_600_000, 6 * 3_600_000, 24 * 3_600_000] as const;
export const MAX_CHARGE_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

const isIntIn = (v: unknown, min: number, max: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Every problem of a `payment_terms` input at once (`validation_failed` paths under `path`). */
export function paymentTermsViolations(input: unknown, path = 'payment_terms'): FieldError[] {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return [{ path, message: 'must be an object' }];
  const t = input as Record<string, unknown>;
  const errors: FieldError[] = [];
  const kind = t.kind;
  if (!PAYMENT_TERMS_KINDS.includes(kind as PaymentTermsKind))
    errors.push({ path: `${path}.kind`, message: `must be one of ${PAYMENT_TERMS_KINDS.join(', ')}` });
  const unknown = Object.keys(t).filter((k) => !['kind', 'deposit_pct', 'balance_due_days'].includes(k));
  for (const k of unknown) errors.push({ path: `${path}.${k}`, message: 'is not a payment terms field' });
  if (kind === 'deposit') {
    if (!isIntIn(t.deposit_pct, 1, 99)) errors.push({ path: `${path}.deposit_pct`, message: 'must be an integer from 1 to 99 (percent of payable_online)' });
    if (!isIntIn(t.balance_due_days, 0, 365))
      errors.push({ path: `${path}.balance_due_days`, message: 'must be an integer from 0 to 365 (days before check-in)' });
  } else {
    for (const k of ['deposit_pct', 'balance_due_days'] as const) {
      if (t[k] !== undefined && t[k] !== null) errors.push({ path: `${path}.${k}`, message: 'applies to kind "deposit" only' });
    }
  }
  return errors;
}

/** Terms as stored (jsonb, null = prepay), reduced to their fields. */
export function readPaymentTerms(stored: unknown): PaymentTerms {
  if (!stored || typeof stored !== 'object') return PREPAY;
  const t = stored as Record<string, unknown>;
  if (t.kind === 'deposit' && typeof t.deposit_pct === 'number' && typeof t.balance_due_days === 'number') {
    return { kind: 'deposit', deposit_pct: t.deposit_pct, balance_due_days: t.balance_due_days };
  }
  return t.kind === 'pay_at_property' ? { kind: 'pay_at_property' } : PREPAY;
}

/** A valid input as stored: only its own fields; prepay is stored as null (the default). */
export function paymentTermsFields(input: PaymentTerms | null | undefined): PaymentTerms | null {
  if (!input || input.kind === 'prepay') return null;
  return readPaymentTerms(input);
}

/** The deposit: `pct` percent of `payable`, rounded half up to the minor unit. */
export function depositAmount(payable: Money, pct: number): Money {
  return { amount: Math.round((payable.amount * pct) / 100), currency: payable.currency };
}

/**
 * When the balance falls due: `days` calendar days before the check-in instant, counted in the
 * property's time zone (a day across a clock change is still a day), as RFC 3339 UTC.
 */
export function balanceDueAt(checkInAt: string, timezone: string, days: number): string {
  let local = DateTime.fromISO(checkInAt, { zone: timezone });
  if (!local.isValid) local = DateTime.fromISO(checkInAt, { zone: 'UTC' });
  return local.minus({ days }).toJSDate().toISOString();
}

/** What a booking takes at confirmation: a charge (`full` or `deposit`), or a guarantee of the card; and the balance left, if any. */
export interface BookingCharge {
  kind: 'full' | 'deposit' | 'guarantee';
  /** Charged now (zero for a guarantee). */
  amount: Money;
  balance: { amount: Money; dueAt: string } | null;
}

/**
 * The charge at booking under `terms`: prepay charges `payable_online`; a deposit charges its share
 * and leaves the balance due `balance_due_days` before check-in, unless that moment is already
 * past (then the whole amount now, as `full`); pay at property charges nothing.
 */
export function chargeAtBooking(terms: PaymentTerms, payableOnline: Money, stay: { check_in_at: string; timezone: string }, now: Date): BookingCharge {
  if (terms.kind === 'pay_at_property') return { kind: 'guarantee', amount: { amount: 0, currency: payableOnline.currency }, balance: null };
  if (terms.kind === 'deposit' && terms.deposit_pct !== undefined && terms.balance_due_days !== undefined) {
    const dueAt = balanceDueAt(stay.check_in_at, stay.timezone, terms.balance_due_days);
    const deposit = depositAmount(payableOnline, terms.deposit_pct);
    if (Date.parse(dueAt) > now.getTime() && deposit.amount < payableOnline.amount) {
      return {
        kind: 'deposit',
        amount: deposit,
        balance: { amount: { amount: payableOnline.amount - deposit.amount, currency: payableOnline.currency }, dueAt },
      };
    }
  }
  return { kind: 'full', amount: payableOnline, balance: null };
}

/**
 * The booking charge an attempt of `amount` stands for: decided once at begin (the attempt's
 * amount), so a resumed or replayed attempt completes the same way even when the due date has
 * passed in between.
 */
export function chargeOfAttempt(
  terms: PaymentTerms,
  payableOnline: Money,
  attemptAmount: Money,
  stay: { check_in_at: string; timezone: string },
): BookingCharge {
  if (terms.kind === 'pay_at_property') return { kind: 'guarantee', amount: attemptAmount, balance: null };
  if (terms.kind !== 'deposit' || attemptAmount.amount >= payableOnline.amount || terms.balance_due_days === undefined) {
    return { kind: 'full', amount: attemptAmount, balance: null };
  }
  return {
    kind: 'deposit',
    amount: attemptAmount,
    balance: {
      amount: { amount: payableOnline.amount - attemptAmount.amount, currency: payableOnline.currency },
      dueAt: balanceDueAt(stay.check_in_at, stay.timezone, terms.balance_due_days),
    },
  };
}

/**
 * A cancellation against what was captured (and not refunded): the refund of the excess (never
 * more than `base - fee`), or the part of the fee above it, charged to the kept card.
 */
export function feeAgainstCaptured(base: Money, fee: Money, remainingCaptured: number): { refund: Money; feeToCharge: Money } {
  const currency = base.currency;
  const refund = Math.max(0, Math.min(base.amount - fee.amount, remainingCaptured - fee.amount));
  return { refund: { amount: refund, currency }, feeToCharge: { amount: Math.max(0, fee.amount - remainingCaptured), currency } };
}

/** When the attempt after `attempt` (1-based) may run, or null when `attempt` was the last. */
export function nextAttemptAt(attempt: number, now: Date): Date | null {
  if (attempt >= MAX_CHARGE_ATTEMPTS) return null;
  return new Date(now.getTime() + RETRY_DELAYS_MS[attempt - 1]);
}

/** The provider's idempotency key of one attempt of one schedule entry: a retry is a new attempt, a recovery the same. */
export function scheduleChargeKey(entryId: string, attempt: number): string {
  return `sched_${entryId}_${attempt}`;
}

/**
 * The breakdown's split under the terms: pay at property moves everything to `payable_at_property`
 * (with `local` in the property's currency when it differs and a rate is known); other terms keep it.
 */
export function splitUnderTerms(price: PriceBreakdown, terms: PaymentTerms, local: { currency: string; rate: number | null } | null): PriceBreakdown {
  if (terms.kind !== 'pay_at_property') return price;
  const { currency } = price.total;
  const atProperty: PriceBreakdown['payable_at_property'] = { amount: price.total.amount, currency };
  if (local && local.currency !== currency && local.rate !== null && atProperty.amount > 0) {
    atProperty.local = { amount: convertMinor(atProperty.amount, currency, local.currency, local.rate), currency: local.currency };
  }
  return { ...price, payable_online: { amount: 0, currency }, payable_at_property: atProperty };
}

/** One charge a payment is made of, as a refund must name it with the provider. */
export interface CapturedCharge {
  reference: string;
  amount: number;
}

/**
 * The charges of a payment, oldest first: the booking's own charge, then each captured balance or
 * fee (charges of their own with the provider). A payment without a stored schedule is one charge.
 */
export function capturedCharges(payment: Pick<PaymentRecord, 'providerReference' | 'amount' | 'schedule'>): CapturedCharge[] {
  const captured = (payment.schedule ?? []).filter((e) => e.state === 'captured' && e.amount.amount > 0);
  if (captured.length === 0) return [{ reference: payment.providerReference, amount: payment.amount.amount }];
  return captured.map((e) => ({ reference: e.providerReference ?? payment.providerReference, amount: e.amount.amount }));
}

/**
 * How a refund of `amount` splits over the charges (docs/payments.md): newest charge first, each
 * never beyond what is left of it, what was refunded before counted the same way. One part for a
 * payment of one charge.
 */
export function refundParts(charges: CapturedCharge[], alreadyRefunded: number, amount: number): CapturedCharge[] {
  const parts: CapturedCharge[] = [];
  let skip = alreadyRefunded;
  let left = amount;
  for (const charge of [...charges].reverse()) {
    const used = Math.min(skip, charge.amount);
    skip -= used;
    const take = Math.min(left, charge.amount - used);
    if (take > 0) parts.push({ reference: charge.reference, amount: take });
    left -= take;
  }
  // More than the charges hold: the last part carries the rest (the refund's own check refuses it).
  if (left > 0) {
    if (parts.length > 0) parts[parts.length - 1].amount += left;
    else parts.push({ reference: charges[0]?.reference ?? '', amount: left });
  }
  return parts;
}
