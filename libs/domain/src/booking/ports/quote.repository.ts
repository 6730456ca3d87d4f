import type { IdempotentRequest } from '../../idempotency/idempotent-request';
import type { ChainAuditEntry } from './chain-audit-entry';
import type { Stay } from '../../stay/stay-rules';
import type { Guests, PolicySnapshot, PriceBreakdown, QuoteRecord } from '../chain.types';
import type { NightAvailability } from '../rules/night-availability';

export interface NewQuote {
  tenantId: string;
  agentId: string;
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  guests: Guests;
  /** Each room's party for a quote made with `rooms`; null (or absent) for a `guests` quote. */
  rooms?: Guests[] | null;
  priceBreakdown: PriceBreakdown;
  policySnapshot: PolicySnapshot;
  ttlSeconds: number;
}

/** A quote read for a hold, with its stay's nights as the same read saw them. */
export interface QuoteForHold {
  quote: QuoteRecord;
  /**
   * The nights of the stay whose counters had no free room at the read (`free < 1`), with the due
   * holds covering each; the other nights are left out. A snapshot: only the reservation's own
   * statements may take a room.
   */
  fullByCounters: NightAvailability[];
}

/** Port: quotes. Expiry is decided by the database clock on every read. */
export abstract class QuoteRepository {
  /** Writes the quote and its audit entry together. */
  abstract create(input: NewQuote, audit: ChainAuditEntry): Promise<QuoteRecord>;
  abstract findById(tenantId: string, id: string): Promise<QuoteRecord | null>;
  /**
   * The quote with the night counters of its room type over its stay, in one read (the hold's
   * early refusal, docs/booking-chain.md "Hold"), so a hold that goes on sends no statement more.
   * It carries the request's pending key claim, if any (`IdempotentRequest.pendingClaim`).
   */
  abstract findForHold(tenantId: string, id: string, idempotency?: IdempotentRequest | null): Promise<QuoteForHold | null>;
}
