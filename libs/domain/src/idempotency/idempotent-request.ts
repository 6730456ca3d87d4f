import type { IdempotencyScope, StoredResponse } from './ports/idempotency.repository';

/** How the claim of a key carried by a use case's first read ended. */
export type KeyClaimOutcome =
  /** The read inserted the in-progress record: this call owns the key. */
  | 'claimed'
  /** A record of the key exists (another request owns it, or its answer is sealed): the use case stopped before any write. */
  | 'taken'
  /** No read carried the claim (none was sent, or the first one failed): nothing was claimed, nothing written. */
  | 'not_made';

/** The in-progress record a first read inserts for the key (`ON CONFLICT DO NOTHING`). */
export interface KeyClaim {
  scope: IdempotencyScope;
  requestHash: string;
  leaseMs: number;
  retentionHours: number;
}

/** A response a use case's statement stores under the key together with the outcome it writes. */
export interface SealedResponse {
  scope: IdempotencyScope;
  response: StoredResponse;
}

/** Thrown by the first read of a use case whose key turned out to be another request's: it stops before any write. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('the idempotency key is held by another request');
    this.name = 'IdempotencyKeyTaken';
  }
}

/**
 * The request's idempotency record, as the idempotency layer hands it to a use case in its command
 * (docs/booking-chain.md "Idempotency inside the chain's statements"). Two things a use case may do
 * with it, each in a statement it sends anyway:
 *
 * - **claim**: on a route that lets its first read claim the key, `pendingClaim` is the record that
 *   read inserts; the repository reports how it went (`claimedByRead`), and a key that is another
 *   request's stops the use case there (`IdempotencyKeyTaken`). On other routes the layer claimed
 *   the key before the work and `pendingClaim` is null.
 * - **seal**: a use case whose answer is decided before its writing statement (the booking's
 *   complete) asks `seal(outcome)`, writes the returned record in that statement and reports
 *   `sealedWith`. The layer then answers with the stored response and sends no completion.
 */
export class IdempotentRequest {
  private claim: 'pending' | KeyClaimOutcome;
  private stored?: { outcome: unknown; response: StoredResponse };

  private constructor(
    private readonly key: KeyClaim,
    private readonly render: (outcome: unknown) => StoredResponse | null,
    claimed: boolean,
    private readonly onClaimed: () => void,
  ) {
    this.claim = claimed ? 'claimed' : 'pending';
  }

  /** A request whose key the layer has already claimed. */
  static claimed(key: KeyClaim, render: (outcome: unknown) => StoredResponse | null): IdempotentRequest {
    return new IdempotentRequest(key, render, true, () => undefined);
  }

  /** A request whose key the use case's first read claims; `onClaimed` runs once it is this call's. */
  static claimedByFirstRead(key: KeyClaim, render: (outcome: unknown) => StoredResponse | null, onClaimed: () => void): IdempotentRequest {
    return new IdempotentRequest(key, render, false, onClaimed);
  }

  get scope(): IdempotencyScope {
    return this.key.scope;
  }

  /** The claim the next read must carry; null once a read carried it, or when the layer claimed the key. */
  get pendingClaim(): KeyClaim | null {
    return this.claim === 'pending' ? this.key : null;
  }

  /** How the claim ended, as the layer reads it after the work. */
  get claimOutcome(): KeyClaimOutcome {
    return this.claim === 'pending' ? 'not_made' : this.claim;
  }

  /** The read carrying the claim answered: the key is this call's, or the use case stops here. */
  claimedByRead(claimed: boolean): void {
    if (this.claim !== 'pending') return;
    this.claim = claimed ? 'claimed' : 'taken';
    if (!claimed) throw new IdempotencyKeyTaken();
    this.onClaimed();
  }

  /** The read carrying the claim failed before it was made. */
  claimNotMade(): void {
    if (this.claim === 'pending') this.claim = 'not_made';
  }

  /** The record to write with `outcome` in the statement that writes it; null when the outcome is not sealed or one is already stored. */
  seal(outcome: unknown): SealedResponse | null {
    if (this.stored) return null;
    const response = this.render(outcome);
    return response ? { scope: this.key.scope, response } : null;
  }

  /** The statement committed `sealed` together with `outcome`. */
  sealedWith(outcome: unknown, sealed: SealedResponse): void {
    if (sealed.scope === this.key.scope) this.stored = { outcome, response: sealed.response };
  }

  /** The response already stored for `outcome`, or null (the layer stores it itself). */
  storedFor(outcome: unknown): StoredResponse | null {
    return this.stored && this.stored.outcome === outcome ? this.stored.response : null;
  }
}
