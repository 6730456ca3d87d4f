import type { INestApplicationContext } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DateTime } from 'luxon';
import { DataSource } from 'typeorm';
import { CredentialRepository, issueSecret, Money, PrincipalRepository, Scope } from '@hcs/domain';
import { behindTheApi } from './catalog-changes';
import { mintDelegation } from './factories';
import type { TestApp } from './test-app';

/**
 * Catalog rows for booking-chain tests, written with SQL (the catalog capability owns its
 * entities): one property with taxes and fees, a room type, a free-cancellation and a
 * non-refundable rate plan, and a rate plan without a policy.
 */
export interface ChainCatalog {
  propertyId: string;
  roomTypeId: string;
  freePlanId: string;
  nonRefundablePlanId: string;
  noPolicyPlanId: string;
  freePolicyId: string;
  timezone: string;
}

export interface CatalogOptions {
  timezone?: string;
  defaultInventory?: number;
  maxOccupancy?: number;
  baseRate?: number;
  currency?: string;
  freeHours?: number;
  feePct?: number;
  checkinTime?: string | null;
}

export async function createChainCatalog(app: INestApplicationContext, tenantId: string, options: CatalogOptions = {}): Promise<ChainCatalog> {
  const db = app.get(DataSource);
  const timezone = options.timezone ?? 'Europe/Paris';
  const currency = options.currency ?? 'EUR';
  const slug = `chain-${randomUUID().slice(0, 8)}`;
  const [property] = await db.query(
    `INSERT INTO properties (tenant_id, slug, name, city, country, timezone, default_currency, checkin_time, taxes, fees, promoted_at)
     VALUES ($1, $2, 'Chain Test Hotel', 'Paris', 'FR', $3, $4, $5, $6::jsonb, $7::jsonb, now()) RETURNING id`,
    [
      tenantId,
      slug,
      timezone,
      currency,
      options.checkinTime === undefined ? '15:00' : options.checkinTime,
      JSON.stringify([
        { code: 'VAT', name: 'VAT', rate_bps: 1000 },
        { code: 'CITY', name: 'City tax', rate_bps: 250 },
      ]),
      JSON.stringify([{ code: 'CLEANING', name: 'Cleaning fee', amount: 1500, per: 'stay' }]),
    ],
  );
  const [free] = await db.query(
    `INSERT INTO policies (tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin, cancellation_fee_pct_after_cutoff, child_policy_text)
     VALUES ($1, $2, 'flex', '2', 'free_cancellation', $3, $4, 'Children under 6 stay free.') RETURNING id`,
    [tenantId, property.id, options.freeHours ?? 48, options.feePct ?? 50],
  );
  const [nonRef] = await db.query(
    `INSERT INTO policies (tenant_id, property_id, code, version, cancellation_kind, free_cancellation_hours_before_checkin, cancellation_fee_pct_after_cutoff)
     VALUES ($1, $2, 'nonref', '1', 'non_refundable', 0, 100) RETURNING id`,
    [tenantId, property.id],
  );
  const [room] = await db.query(
    `INSERT INTO room_types (tenant_id, property_id, code, name, max_occupancy, default_inventory) VALUES ($1, $2, 'DBL', 'Double', $3, $4) RETURNING id`,
    [tenantId, property.id, options.maxOccupancy ?? 3, options.defaultInventory ?? 5],
  );
  const plan = async (code: string, policyId: string | null) =>
    (
      (await db.query(
        `INSERT INTO rate_plans (tenant_id, property_id, room_type_id, code, name, currency, base_rate_amount, policy_id) VALUES ($1, $2, $3, $4, $4, $5, $6, $7) RETURNING id`,
        [tenantId, property.id, room.id, code, currency, options.baseRate ?? 10000, policyId],
      )) as Array<{ id: string }>
    )[0].id;
  return {
    propertyId: property.id,
    roomTypeId: room.id,
    freePlanId: await plan('FLEX', free.id),
    nonRefundablePlanId: await plan('NONREF', nonRef.id),
    noPolicyPlanId: await plan('ORPHAN', null),
    freePolicyId: free.id,
    timezone,
  };
}

/** A per-date rate for a rate plan (minor units). */
/** A per-date rate written in plain SQL; returns once `app` has heard it (docs/catalog.md, "Quotes priced from memory"). */
export async function setDailyRate(app: INestApplicationContext, tenantId: string, ratePlanId: string, night: string, amount: number): Promise<void> {
  await behindTheApi(app, tenantId, () =>
    app
      .get(DataSource)
      .query(`INSERT INTO daily_rates (tenant_id, rate_plan_id, night, amount) VALUES ($1, $2, $3, $4)`, [tenantId, ratePlanId, night, amount]),
  );
}

export interface InventoryRow {
  night: string;
  allotment: number;
  held: number;
  sold: number;
}

export async function inventoryOf(app: INestApplicationContext, roomTypeId: string): Promise<InventoryRow[]> {
  return app
    .get(DataSource)
    .query(`SELECT night::text AS night, allotment, held, sold FROM inventory_nights WHERE room_type_id = $1 ORDER BY night`, [roomTypeId]);
}

export interface ChainAgent {
  agentId: string;
  apiKey: string;
}

/** An agent principal with an API key, through the identity ports. */
export async function createChainAgent(
  app: INestApplicationContext,
  tenantId: string,
  options: { scopes?: Scope[]; bookingLimit?: Money | null } = {},
): Promise<ChainAgent> {
  const agent = await app.get(PrincipalRepository).create({
    tenantId,
    kind: 'agent',
    name: `agent-${randomUUID().slice(0, 6)}`,
    scopes: options.scopes ?? ['catalog:read', 'booking:write', 'booking:read'],
    bookingLimit: options.bookingLimit ?? null,
  });
  const secret = issueSecret('agent');
  await app.get(CredentialRepository).create({ tenantId, principalId: agent.id, secretHash: secret.hash, secretPrefix: secret.prefix });
  return { agentId: agent.id, apiKey: secret.secret };
}

/** A date `days` from today in `timezone` (YYYY-MM-DD). */
export function daysFromToday(days: number, timezone = 'Europe/Paris'): string {
  return DateTime.now().setZone(timezone).startOf('day').plus({ days }).toISODate() as string;
}

/** The delegation header of the booking and cancel routes. */
export const DELEGATION_HEADER = 'x-delegated-user';

/** A traveler delegation JWT from the platform demo issuer (identity capability's test factory). */
export function travelerDelegation(app: INestApplicationContext, tenantId: string, sub: string): Promise<string> {
  return mintDelegation(app, { sub, tenantId });
}

export const GUEST = { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0000' } };
export const CARD = (token = 'tok_visa') => ({ method: 'card', provider_token: token, billing_country: 'GB' });

export interface StayOptions {
  /** Check-in, in days from today at the property. */
  start: number;
  nights?: number;
  planId?: string;
  adults?: number;
  /** An Idempotency-Key for the hold, as agents send it (none when absent). */
  holdKey?: string;
}

export interface HeldStay {
  quoteId: string;
  holdId: string;
  total: { amount: number; currency: string };
}

/** The chain's first step over HTTP: a quote of the catalog's room type for `agent` (the raw answer). */
export function quoteStay(t: TestApp, agent: ChainAgent, catalog: ChainCatalog, options: StayOptions) {
  const { start, nights = 2, planId = catalog.freePlanId, adults = 2 } = options;
  return t
    .http()
    .post('/v1/quotes')
    .set('authorization', `Bearer ${agent.apiKey}`)
    .send({
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: planId,
      stay: { check_in: daysFromToday(start), check_out: daysFromToday(start + nights) },
      guests: { adults },
    });
}

/** The first two steps of the chain over HTTP: quote, then hold, for `agent`. */
export async function quoteAndHold(t: TestApp, agent: ChainAgent, catalog: ChainCatalog, options: StayOptions): Promise<HeldStay> {
  const q = await quoteStay(t, agent, catalog, options);
  if (q.status !== 201) throw new Error(`quote failed: ${q.status} ${JSON.stringify(q.body)}`);
  const hold = t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`);
  if (options.holdKey) hold.set('idempotency-key', options.holdKey);
  const h = await hold.send({ quote_id: q.body.data.quote_id });
  if (h.status !== 201) throw new Error(`hold failed: ${h.status} ${JSON.stringify(h.body)}`);
  return { quoteId: q.body.data.quote_id, holdId: h.body.data.hold_id, total: q.body.data.price_breakdown.total };
}

/** The whole chain over HTTP: quote, hold and a booking paid with `token` for the `traveler` delegation. */
export async function bookStay(
  t: TestApp,
  agent: ChainAgent,
  catalog: ChainCatalog,
  traveler: string,
  options: StayOptions & { key?: string; token?: string },
): Promise<HeldStay & { bookingId: string; receipt: Record<string, unknown> }> {
  const held = await quoteAndHold(t, agent, catalog, options);
  const b = await t
    .http()
    .post('/v1/bookings')
    .set('authorization', `Bearer ${agent.apiKey}`)
    .set('idempotency-key', options.key ?? `book-${held.holdId}`)
    .set(DELEGATION_HEADER, traveler)
    .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: GUEST, payment: CARD(options.token) });
  if (b.status !== 201) throw new Error(`booking failed: ${b.status} ${JSON.stringify(b.body)}`);
  return { ...held, bookingId: b.body.data.booking_id, receipt: b.body.receipt };
}
