import type { Money } from '../../money/money';
import type { BookingAuthorizationRecord } from '../chain.types';

export interface NewBookingAuthorization {
  tenantId: string;
  agentId: string;
  maxAmount: Money;
  travelerSub: string | null;
  travelerIss: string | null;
  expiresAt: Date;
  createdBy: string;
}

/** Port: admin-issued, single-use booking authorizations. */
export abstract class BookingAuthorizationRepository {
  abstract create(input: NewBookingAuthorization): Promise<BookingAuthorizationRecord>;
  abstract findById(tenantId: string, id: string): Promise<BookingAuthorizationRecord | null>;
  /** Claims an unused authorization for a booking attempt; false when someone else has it. */
  abstract claim(tenantId: string, id: string, holdId: string): Promise<boolean>;
  /** Gives back what the attempt on `holdId` claimed (its payment failed). */
  abstract unclaim(tenantId: string, holdId: string): Promise<void>;
  /** Marks what the attempt on `holdId` claimed as used by `bookingId`; returns its id, if any. */
  abstract markUsed(tenantId: string, holdId: string, bookingId: string): Promise<string | null>;
}
