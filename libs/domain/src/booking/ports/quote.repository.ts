import type { ChainAuditEntry } from './chain-audit-entry';
import type { Stay } from '../../stay/stay-rules';
import type { Guests, PolicySnapshot, PriceBreakdown, QuoteRecord } from '../chain.types';

export interface NewQuote {
  tenantId: string;
  agentId: string;
  propertyId: string;
  roomTypeId: string;
  ratePlanId: string;
  stay: Stay;
  guests: Guests;
  priceBreakdown: PriceBreakdown;
  policySnapshot: PolicySnapshot;
  ttlSeconds: number;
}

/** Port: quotes. Expiry is decided by the database clock on every read. */
export abstract class QuoteRepository {
  /** Writes the quote and its audit entry together. */
  abstract create(input: NewQuote, audit: ChainAuditEntry): Promise<QuoteRecord>;
  abstract findById(tenantId: string, id: string): Promise<QuoteRecord | null>;
}
