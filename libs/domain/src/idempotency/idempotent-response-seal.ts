import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import type { DeferredIdempotencyClaim } from './deferred-idempotency-claim';
import type { IdempotencyScope, StoredResponse } from './ports/idempotency.repository';

/** The idempotent call running now, as the owner of its key offers it to the step that writes the outcome. */
export interface SealOffer {
  scope: IdempotencyScope;
  /** The response the key replays for this outcome (rendered as the transport renders it), or null when it is not sealed. */
  render(outcome: unknown): StoredResponse | null;
}

/** A response a step stores under the key in its own statement. */
export interface SealedResponse {
  scope: IdempotencyScope;
  response: StoredResponse;
}

interface Offered {
  offer: SealOffer;
  stored?: { outcome: unknown; response: StoredResponse };
  /** The key's claim, when it rides on the step's first statement (DeferredIdempotencyClaim). */
  claim?: DeferredIdempotencyClaim;
}

/** One per process: every instance of the seal reads the same async context. */
const current = new AsyncLocalStorage<Offered>();

/**
 * Lets the one statement that writes a step's outcome also seal the idempotency record of the key
 * (docs/performance.md, "Idempotency completion in the complete statement"): the idempotency
 * service runs the owner's work inside `offering`; a step whose response is fully decided before
 * its statement (the booking's complete: ids, times and receipt are chosen by the caller) asks
 * `sealFor(outcome)`, writes the record in that statement and reports `stored`. The service then
 * answers with the stored response and sends no completion of its own. Anything else (no offer, a
 * statement that did not complete, an outcome the caller changed) leaves the service's own
 * completion in place, so a replay is always the first answer byte for byte.
 */
@Injectable()
export class IdempotentResponseSeal {
  /**
   * Runs the owner's work with its offer in the async context (continuations included); with
   * `claim`, the key is claimed by the work's first statement instead of before the work.
   */
  offering<T>(
    offer: SealOffer,
    work: () => Promise<T>,
    claim?: DeferredIdempotencyClaim,
  ): { result: Promise<T>; storedFor: (outcome: unknown) => StoredResponse | null } {
    const offered: Offered = { offer, claim };
    return {
      result: current.run(offered, work),
      storedFor: (outcome) => (offered.stored && offered.stored.outcome === outcome ? offered.stored.response : null),
    };
  }

  /** The key's claim the current step's statements must make or wait for; null when there is none. */
  static claimOfCurrentStep(): DeferredIdempotencyClaim | null {
    return current.getStore()?.claim ?? null;
  }

  /** What a step writing `outcome` can store under the current key in its own statement; null when there is nothing to seal. */
  sealFor(outcome: unknown): SealedResponse | null {
    const offered = current.getStore();
    if (!offered || offered.stored) return null;
    const response = offered.offer.render(outcome);
    return response ? { scope: offered.offer.scope, response } : null;
  }

  /** The step's statement committed `sealed` together with `outcome`. */
  stored(outcome: unknown, sealed: SealedResponse): void {
    const offered = current.getStore();
    if (offered && offered.offer.scope === sealed.scope) offered.stored = { outcome, response: sealed.response };
  }
}
