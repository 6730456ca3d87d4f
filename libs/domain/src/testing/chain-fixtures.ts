import { randomUUID } from 'node:crypto';
import type { Receipt } from '@hcs/contracts';
import type { Caller } from '../identity/principal';
import type { BookingRecord, HoldRecord, PolicySnapshot, PriceBreakdown, QuoteRecord } from '../booking/chain.types';
import type { Stay } from '../stay/stay-rules';

/**
 * Ids, actors and records of the booking chain for use-case unit specs (docs/architecture.md,
 * "Tests"). Every builder takes overrides.
 */
export const TENANT = '11111111-1111-4111-8111-111111111111';
export const AGENT = '22222222-2222-4222-8222-222222222222';
export const ADMIN = '33333333-3333-4333-8333-333333333333';
export const TRAVELER = { iss: 'https://issuer.test', sub: 'traveler-1' };

export const agentActor = (principalId = AGENT, tenantId = TENANT): Caller => ({ tenantId, principalId, kind: 'agent', bookingLimit: null });
export const adminActor = (principalId = ADMIN, tenantId = TENANT): Caller => ({ tenantId, principalId, kind: 'admin', bookingLimit: null });

export const eur = (amount: number) => ({ amount, currency: 'EUR' });

export function snapshot(overrides: Partial<PolicySnapshot> = {}): PolicySnapshot {
  return {
    policy_id: '44444444-4444-4444-8444-444444444444',
    version: '2',
    cancellation_kind: 'free_cancellation',
    free_cancellation_hours_before_checkin: 48,
    cancellation_fee_pct_after_cutoff: 50,
    free_cancellation_until: '2099-05-08T13:00:00Z',
    child_policy_text: null,
    check_in_at: '2099-05-10T13:00:00Z',
    timezone: 'Europe/Paris',
    ...overrides,
  };
}

export function priceOf(stay: Stay, perNight = 10000): PriceBreakdown {
  const nights: string[] = [];
  for (let d = new Date(`${stay.check_in}T00:00:00Z`); d < new Date(`${stay.check_out}T00:00:00Z`); d = new Date(d.getTime() + 86400000)) {
    nights.push(d.toISOString().slice(0, 10));
  }
  const subtotal = nights.length * perNight;
  return {
    currency: 'EUR',
    nights: nights.map((date) => ({ date, amount: eur(perNight) })),
    subtotal: eur(subtotal),
    taxes: [],
    fees: [],
    total: eur(subtotal),
    payable_online: eur(subtotal),
    payable_at_property: eur(0),
  };
}

export function booking(overrides: Partial<BookingRecord> = {}): BookingRecord {
  const stay = overrides.stay ?? { check_in: '2099-05-10', check_out: '2099-05-12' };
  return {
    id: randomUUID(),
    tenantId: TENANT,
    agentId: AGENT,
    quoteId: randomUUID(),
    holdId: randomUUID(),
    propertyId: randomUUID(),
    roomTypeId: randomUUID(),
    ratePlanId: randomUUID(),
    stay,
    guests: { adults: 1, children: [] },
    guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20 0000 0000' } },
    rooms: null,
    priceBreakdown: priceOf(stay),
    policySnapshot: snapshot(),
    traveler: TRAVELER,
    idempotencyKey: 'k',
    state: 'confirmed',
    confirmationReceipt: {} as Receipt,
    cancellation: null,
    cancellationReceipt: null,
    createdAt: new Date(),
    ...overrides,
  };
}

export function quoteRecord(overrides: Partial<QuoteRecord> = {}): QuoteRecord {
  const stay = overrides.stay ?? { check_in: '2099-05-10', check_out: '2099-05-12' };
  return {
    id: randomUUID(),
    tenantId: TENANT,
    agentId: AGENT,
    propertyId: randomUUID(),
    roomTypeId: randomUUID(),
    ratePlanId: randomUUID(),
    stay,
    guests: { adults: 1, children: [] },
    rooms: null,
    priceBreakdown: priceOf(stay),
    policySnapshot: snapshot(),
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 15 * 60_000),
    expired: false,
    ...overrides,
  };
}

export function holdRecord(quote: QuoteRecord, overrides: Partial<HoldRecord> = {}): HoldRecord {
  return {
    id: randomUUID(),
    tenantId: quote.tenantId,
    agentId: quote.agentId,
    quoteId: quote.id,
    roomTypeId: quote.roomTypeId,
    stay: quote.stay,
    units: quote.rooms?.length ?? 1,
    state: 'held',
    convertingKey: null,
    createdAt: new Date(),
    expiresAt: new Date(Date.now() + 15 * 60_000),
    expired: false,
    ...overrides,
  };
}
