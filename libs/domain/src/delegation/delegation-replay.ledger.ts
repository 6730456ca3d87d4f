/** One booking's use of a delegation `jti` (docs/identity.md "Delegation replay"). */
export interface DelegationUse {
  tenantId: string;
  iss: string;
  jti: string;
  /** The delegation's `exp`: the use is remembered until then. */
  expiresAt: Date;
  principalId: string;
  /** The booking request's Idempotency-Key: its own retries (after a crash) may reuse the jti. */
  idempotencyKey: string;
}

/**
 * Port: the `jti`s of delegations already spent on a booking, per tenant and issuer, kept until
 * the delegation expires. `claim` runs inside the booking's transaction: a refused booking
 * rolls the claim back with it.
 */
export abstract class DelegationReplayLedger {
  /**
   * True when this use may go ahead: the jti is new (or its earlier use has expired), or it was
   * claimed by the same agent under the same Idempotency-Key. False when another booking spent it.
   */
  abstract claim(use: DelegationUse): Promise<boolean>;
}
