import { Injectable } from '@nestjs/common';
import type { NewPaymentAttempt, PaymentAttemptRecord } from '@hcs/domain';
import { PaymentRecordFragment, PlannedPaymentRecord, SqlParams } from '@hcs/persistence';

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
 * The sandbox charge of a booking, written by the booking's own begin statement
 * (docs/booking-chain.md "The confirmation's statements"): a token whose outcome is known at once
 * (`tok_visa`, a decline) needs no statement of its own. The sandbox provider sets the planner when
 * it is bound; the begin statement inserts the planned row beside the payment attempt (keyed by the
 * attempt, as the provider's key is) and reports it committed; the provider's `charge` for that
 * key, moments later in the same process, takes the note instead of writing. A charge asked for in
 * another process (the worker's recovery of a stranded attempt) finds the row in the ledger as any
 * repeated key does, so a key is still charged once.
 */
@Injectable()
export class SandboxLedgerAtBegin extends PaymentRecordFragment {
  private planner: ImmediateChargePlanner | null = null;
  private readonly recorded = new Map<string, { charge: ImmediateSandboxCharge; amount: number; currency: string; at: number }>();

  /** Called by the sandbox provider when it is the process's payment provider. */
  usePlanner(planner: ImmediateChargePlanner): void {
    this.planner = planner;
  }

  plan(p: SqlParams, attempt: NewPaymentAttempt): PlannedPaymentRecord | null {
    // An attempt of nothing (pay at property) guarantees the card instead of charging it: no charge to record.
    const charge = attempt.amount.amount > 0 ? (this.planner?.(attempt.providerToken) ?? null) : null;
    if (!charge) return null;
    return {
      cte: `INSERT INTO sandbox_charges (tenant_id, idempotency_key, charge_id, amount, currency, token_fingerprint, state, decline_message, completed_at)
        SELECT att.tenant_id, att.id::text, ${p.add(charge.chargeId, 'text')}, att.amount, att.currency, ${p.add(charge.tokenFingerprint, 'text')},
               ${p.add(charge.state, 'text')}, ${p.add(charge.declineMessage, 'text')}, now()
          FROM att, referenced
        ON CONFLICT DO NOTHING RETURNING 1`,
      committed: (written: PaymentAttemptRecord) => this.noteRecorded(written.tenantId, written.id, charge, written.amount),
    };
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

  private noteRecorded(tenantId: string, key: string, charge: ImmediateSandboxCharge, amount: { amount: number; currency: string }): void {
    const now = Date.now();
    for (const [k, entry] of this.recorded) {
      if (this.recorded.size < KEPT_AT_MOST && now - entry.at < KEPT_MS) break;
      this.recorded.delete(k);
    }
    this.recorded.set(`${tenantId}\u0000${key}`, { charge, amount: amount.amount, currency: amount.currency, at: now });
  }
}
