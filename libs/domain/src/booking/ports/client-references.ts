import type { ClientReferenceFailure, ClientReferenceRecord } from '../rules/client-reference';

/**
 * Port: the agent's client references (docs/booking-chain.md "After a timeout"). The claim and the
 * confirmation are written by the booking's own two statements (`BookingConversion`); this port
 * reads a reference and records the failures that end one.
 */
export abstract class ClientReferences {
  abstract find(tenantId: string, agentId: string, clientReference: string): Promise<ClientReferenceRecord | null>;
  /** A failure before the payment began: recorded unless the reference already stands for something. */
  abstract recordFailure(input: { tenantId: string; agentId: string; clientReference: string; holdId: string; failure: ClientReferenceFailure }): Promise<void>;
  /** The payment attempt holding the reference failed: pending -> failed. */
  abstract failAttempt(tenantId: string, attemptId: string, failure: ClientReferenceFailure): Promise<void>;
}
