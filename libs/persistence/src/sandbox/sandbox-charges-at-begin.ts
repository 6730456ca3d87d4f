import { Injectable } from '@nestjs/common';

/** The sandbox's ledger row of a charge whose outcome its token decides at once (docs/sandbox.md). */
export interface ImmediateSandboxCharge {
  chargeId: string;
  state: 'succeeded' | 'declined';
  declineMessage: string | null;
  /** SHA-256 of the card token: the ledger never keeps the token (docs/security.md). */
  tokenFingerprint: string;
}

/** Decides the ledger row of a token the sandbox answers at once; null for the slow and failing tokens. */
export type ImmediateChargePlanner = (token: string) => ImmediateSandboxCharge | null;

/** A charge recorded by a begin statement but not yet asked for, kept this long at most. */
const KEPT_MS = 10 * 60_000;
const KEPT_AT_MOST = 10_000;

/**
 * The sandbox charge of a booking written by the booking's own begin statement (docs/performance.md,
 * "The sandbox ledger in the begin statement"): a token whose outcome is known at once (`tok_visa`,
 * a decline) needs no statement of its own. The sandbox provider registers its planner when it is
 * the bound provider; the begin statement inserts the planned row beside the payment attempt (keyed
 * by the attempt, as the provider's key is) and notes it here; the provider's `charge` for that key,
 * moments later in the same process, takes the note instead of writing. A charge asked for in
 * another process (the worker's recovery of a stranded attempt) finds the row in the ledger as any
 * repeated key does, so a key is still charged once.
 */
@Injectable()
export class SandboxChargesAtBegin {
  private planner: ImmediateChargePlanner | null = null;
  private readonly recorded = new Map<string, { charge: ImmediateSandboxCharge; amount: number; currency: string; at: number }>();

  /** Called by the sandbox provider when it is the process's payment provider. */
  usePlanner(planner: ImmediateChargePlanner): void {
    this.planner = planner;
  }

  /** The row the begin statement writes for a charge with this token, or null (nothing to write). */
  plan(token: string): ImmediateSandboxCharge | null {
    return this.planner ? this.planner(token) : null;
  }

  /** The begin statement committed the row for the charge under `key`. */
  noteRecorded(tenantId: string, key: string, charge: ImmediateSandboxCharge, amount: { amount: number; currency: string }): void {
    const now = Date.now();
    for (const [k, entry] of this.recorded) {
      if (this.recorded.size < KEPT_AT_MOST && now - entry.at < KEPT_MS) break;
      this.recorded.delete(k);
    }
    this.recorded.set(`${tenantId}\u0000${key}`, { charge, amount: amount.amount, currency: amount.currency, at: now });
  }

  /** The charge a begin statement recorded under `key` (once), when it matches the request; else undefined. */
  take(tenantId: string, key: string, request: { amount: number; currency: string; tokenFingerprint: string }): ImmediateSandboxCharge | undefined {
    const id = `${tenantId}\u0000${key}`;
    const entry = this.recorded.get(id);
    if (!entry) return undefined;
    this.recorded.delete(id);
    const same = entry.amount === request.amount && entry.currency === request.currency && entry.charge.tokenFingerprint === request.tokenFingerprint;
    return same ? entry.charge : undefined;
  }
}
