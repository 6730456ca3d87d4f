import type { BookingRecord, HoldState, PaymentRecord } from '../chain.types';
import type { ChainAuditEntry } from './chain-audit-entry';
import type { PlannedFollowUp } from './stay-follow-ups';
import type { SealedResponse } from '../../idempotency/idempotent-request';
import type { NewOutboxEvent } from './outbox-writer';
import type { NewPaymentAttempt, PaymentAttemptRecord } from './payment.repository';

export interface BeginConversion {
  attempt: NewPaymentAttempt;
  /** The hold states the conversion may start from and the state it moves to (rules/hold-state.ts). */
  from: HoldState[];
  to: HoldState;
  /** An admin booking authorization to claim for this hold, when the total exceeds the agent's limit. */
  authorizationId: string | null;
  /** The delegation's jti to spend (null when the token has none): one booking per jti (docs/identity.md). */
  delegationUse: { iss: string; jti: string; expiresAt: Date; principalId: string } | null;
  /** The agent's client_reference to claim for this hold (docs/booking-chain.md "After a timeout"). */
  clientReference?: AgentClientReference | null;
}

/** A client_reference and the agent it belongs to. */
export interface AgentClientReference {
  agentId: string;
  value: string;
}

export type BeginConversionResult =
  | { ok: true; attempt: PaymentAttemptRecord }
  /** The hold was not live and `held` any more (nothing was written). */
  | { ok: false; reason: 'hold_not_live' }
  /** The authorization was used or claimed by another attempt (nothing was written). */
  | { ok: false; reason: 'authorization_taken' }
  /** The delegation's jti already paid for another booking (nothing was written). */
  | { ok: false; reason: 'delegation_spent' }
  /** The client_reference stands for another hold, or for another attempt still in flight (nothing was written). */
  | { ok: false; reason: 'client_reference_taken' };

export interface CompleteConversion {
  tenantId: string;
  holdId: string;
  idempotencyKey: string;
  from: HoldState[];
  to: HoldState;
  roomTypeId: string;
  nights: string[];
  /** Rooms moved from held to sold on every night (the hold's units). */
  units: number;
  attemptId: string;
  providerReference: string;
  /** The booking and payment exactly as they are written (ids and times decided by the caller). */
  booking: BookingRecord;
  payment: PaymentRecord & { attemptId: string };
  audit: ChainAuditEntry[];
  /** The guest follow-ups the confirmation schedules (docs/follow-ups.md). */
  followUps: PlannedFollowUp[];
  /** `auditIndex`: the entry of `audit` whose chain `seq` numbers the event (docs/events.md). */
  outbox: Array<Omit<NewOutboxEvent, 'tenantId'> & { auditIndex: number }>;
  /** The answer to store under the request's idempotency key when the booking is written (`IdempotentRequest.seal`); null for none. */
  idempotency?: SealedResponse | null;
}

/**
 * Port: the two writes around the payment provider call, each one atomic statement.
 * `begin`: the hold goes held -> converting under the Idempotency-Key, an authorization (if any) is
 * claimed, the client_reference (if any) claimed and the payment attempt is recorded. `complete`: hold converted, inventory held -> sold,
 * attempt succeeded, authorization used, the attempt's client_reference confirmed, booking, payment, audit and outbox, the
 * idempotency record sealed (when given), all or nothing;
 * false when the hold was no longer converting under this key (another runner finished it).
 */
export abstract class BookingConversion {
  abstract begin(input: BeginConversion): Promise<BeginConversionResult>;
  abstract complete(input: CompleteConversion): Promise<boolean>;
}
