import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ChargeRequest,
  ChargeResult,
  GuaranteeRequest,
  GuaranteeResult,
  OffSessionChargeRequest,
  PaymentProvider,
  RefundRequest,
  RefundResult,
} from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { SqlClient } from '@hcs/persistence';
import { ImmediateSandboxCharge, SandboxLedgerAtBegin } from './sandbox-ledger-at-begin';

/** Test tokens of the sandbox (Stripe-style names). */
export const SANDBOX_TOKENS = {
  tok_visa: 'succeeds',
  tok_mastercard: 'succeeds',
  tok_chargeDeclined: 'declined: Your card was declined.',
  tok_insufficientFunds: 'declined: Your card has insufficient funds.',
  tok_providerError: 'provider error',
  tok_timeout: 'succeeds after PAYMENT_TIMEOUT_MS + 2 s',
  tok_threeDSecureRequired: 'waits for the traveler: 402 payment_action_required, settled at its action_url',
  tok_offSessionDeclined: 'succeeds at booking (the card is kept); every later off-session charge of it is declined',
} as const;

/** The card whose issuer asks the traveler to authenticate (strong customer authentication). */
export const SANDBOX_AUTHENTICATION_TOKEN = 'tok_threeDSecureRequired';

/** The sandbox's stand-in for the issuer's authentication page of a charge (docs/sandbox.md). */
export const sandboxAuthenticationUrl = (baseUrl: string, chargeId: string) => `${baseUrl}/sandbox/payments/${chargeId}/authenticate`;

/** The decline of every off-session charge of a card kept from `tok_offSessionDeclined`. */
export const OFF_SESSION_DECLINE = 'Your card was declined: the bank requires the cardholder to authenticate this charge.';

const DECLINES: Record<string, string> = {
  tok_chargeDeclined: 'Your card was declined.',
  tok_insufficientFunds: 'Your card has insufficient funds.',
};
/** The decline message of a token, or null when the sandbox accepts it (unknown tokens are never echoed). */
function declineFor(token: string): string | null {
  return DECLINES[token] ?? (['tok_visa', 'tok_mastercard', 'tok_timeout', 'tok_offSessionDeclined'].includes(token) ? null : 'No such card token.');
}

const SLOW_EXTRA_MS = 2000;
const POLL_MS = 100;

interface ChargeRow {
  charge_id: string;
  amount: string;
  currency: string;
  token_fingerprint: string;
  state: 'processing' | 'requires_action' | 'succeeded' | 'declined';
  decline_message: string | null;
  stale: boolean;
}

/** A row of `sandbox_refunds` as the refund reads it. */
interface RefundRow {
  refund_ref: string;
}

/** A succeeded charge with what was refunded of it so far. */
interface RefundableChargeRow {
  amount: string;
  refunded: string;
}

/** The sandbox ledger keeps a SHA-256 of the card token, never the token (docs/security.md). */
const fingerprint = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const newChargeId = () => `ch_sandbox_${randomUUID().replace(/-/g, '')}`;

/** A kept card's reference, derived from the key that kept it: the same key keeps the same card. */
const cardReferenceFor = (tenantId: string, key: string) =>
  `card_sandbox_${createHash('sha256').update(`${tenantId}:${key}`, 'utf8').digest('hex').slice(0, 32)}`;

interface KeptCardRow {
  token_fingerprint: string;
  off_session_declines: boolean;
}

/** What the caller hears of a charge the ledger already holds final. */
const outcomeOf = (charge: ImmediateSandboxCharge): ChargeResult =>
  charge.state === 'declined'
    ? { outcome: 'declined', message: charge.declineMessage ?? 'Your card was declined.' }
    : { outcome: 'succeeded', reference: charge.chargeId };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The built-in payment provider. Like a real one, it keeps its own ledger (`sandbox_charges`,
 * keyed by tenant + idempotency key, in Postgres so that it holds across processes) and never
 * charges twice for one key: a repeated key returns the first outcome, waiting for it if the
 * first call is still in flight. A call left in flight by a dead process is taken over once it is
 * clearly stale. It runs outside any database transaction.
 */
@Injectable()
export class SandboxPaymentProvider extends PaymentProvider {
  constructor(
    private readonly sql: SqlClient,
    private readonly config: AppConfig,
    private readonly atBegin: SandboxLedgerAtBegin,
  ) {
    super();
  }

  /**
   * Lets the booking's begin statement write the ledger row of a charge this sandbox decides at once
   * (SandboxLedgerAtBegin): called when this sandbox is the bound payment provider. `behavesAs` is
   * the card the charge of the caller's token will behave as (a scenario may name another).
   */
  recordImmediateChargesAtBegin(behavesAs: (token: string) => string = (token) => token): void {
    this.atBegin.usePlanner((token) => {
      const immediate = this.immediateOutcome(behavesAs(token));
      if (!immediate) return null;
      return { chargeId: newChargeId(), state: immediate.state, declineMessage: immediate.decline, tokenFingerprint: fingerprint(token) };
    });
  }

  private get staleAfterMs(): number {
    return this.config.paymentTimeoutMs + SLOW_EXTRA_MS + 10_000;
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    return this.chargeAs(request, request.token);
  }

  /** Keeps the card of `token` under the reference `key` derives (once): its fingerprint, never the token (docs/sandbox.md). */
  private async keepCard(tenantId: string, key: string, token: string): Promise<string> {
    const reference = cardReferenceFor(tenantId, key);
    await this.sql.affected(
      `INSERT INTO sandbox_cards (tenant_id, card_reference, token_fingerprint, off_session_declines) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
      [tenantId, reference, fingerprint(token), token === 'tok_offSessionDeclined'],
    );
    return reference;
  }

  /**
   * The charge of `request` as if its card were `behavesAs` (the payment scenarios, docs/sandbox.md):
   * the ledger keys and fingerprints it by the caller's own token, so the same key asked again
   * without the scenario (a replay, the worker's recovery of the attempt) finds the same charge.
   */
  async chargeAs(request: ChargeRequest, behavesAs: string): Promise<ChargeResult> {
    const result = await this.ledgerCharge(request, behavesAs);
    // A deposit keeps the card for its balance (docs/payments.md): kept once the charge succeeded.
    if (!request.keepCard || result.outcome !== 'succeeded') return result;
    return { ...result, cardReference: await this.keepCard(request.tenantId, request.idempotencyKey, request.token) };
  }

  private async ledgerCharge(request: ChargeRequest, behavesAs: string): Promise<ChargeResult> {
    const atBegin = this.atBegin.take(request.tenantId, request.idempotencyKey, {
      amount: request.amount.amount,
      currency: request.amount.currency,
      tokenFingerprint: fingerprint(request.token),
    });
    if (atBegin) return outcomeOf(atBegin);
    const chargeId = newChargeId();
    const immediate = this.immediateOutcome(behavesAs);
    // A token whose outcome is known at once is recorded final in one write (docs/performance.md); a
    // slow or failing one is recorded `processing` first, so a concurrent or later call with the same
    // key waits for it.
    const inserted = await this.sql.rows<{ charge_id: string }>(
      `INSERT INTO sandbox_charges (tenant_id, idempotency_key, charge_id, amount, currency, token_fingerprint, state, decline_message, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $7 = 'processing' THEN NULL ELSE now() END) ON CONFLICT DO NOTHING RETURNING charge_id`,
      [
        request.tenantId,
        request.idempotencyKey,
        chargeId,
        request.amount.amount,
        request.amount.currency,
        fingerprint(request.token),
        immediate?.state ?? 'processing',
        immediate?.decline ?? null,
      ],
    );
    if (inserted.length === 1) {
      if (!immediate) return this.process(request, chargeId, behavesAs);
      return immediate.decline ? { outcome: 'declined', message: immediate.decline } : { outcome: 'succeeded', reference: chargeId };
    }
    return this.existing(request, behavesAs);
  }

  /** The final state of a token the sandbox decides without waiting; null for the slow and failing ones. */
  private immediateOutcome(token: string): { state: 'succeeded' | 'declined'; decline: string | null } | null {
    if (token === 'tok_timeout' || token === 'tok_providerError' || token === SANDBOX_AUTHENTICATION_TOKEN) return null;
    const decline = declineFor(token);
    return { state: decline ? 'declined' : 'succeeded', decline };
  }

  private async existing(request: ChargeRequest, behavesAs: string): Promise<ChargeResult> {
    for (;;) {
      const rows = await this.sql.rows<ChargeRow>(
        `SELECT charge_id, amount, currency, token_fingerprint, state, decline_message, (created_at < now() - make_interval(secs => $3::double precision / 1000)) AS stale
           FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key = $2`,
        [request.tenantId, request.idempotencyKey, this.staleAfterMs],
      );
      const row = rows[0];
      if (!row) return this.ledgerCharge(request, behavesAs);
      if (Number(row.amount) !== request.amount.amount || row.currency !== request.amount.currency || row.token_fingerprint !== fingerprint(request.token)) {
        return { outcome: 'error', message: 'Idempotency key reused with different charge parameters.' };
      }
      if (row.state === 'succeeded') return { outcome: 'succeeded', reference: row.charge_id };
      if (row.state === 'declined') return { outcome: 'declined', message: row.decline_message ?? 'Your card was declined.' };
      if (row.state === 'requires_action') return this.waiting(request, row.charge_id);
      if (row.stale) {
        const taken = await this.sql.rows<{ charge_id: string }>(
          `UPDATE sandbox_charges SET created_at = now() WHERE tenant_id = $1 AND idempotency_key = $2 AND state = 'processing'
             AND created_at < now() - make_interval(secs => $3::double precision / 1000) RETURNING charge_id`,
          [request.tenantId, request.idempotencyKey, this.staleAfterMs],
        );
        if (taken.length === 1) return this.process(request, row.charge_id, behavesAs);
      }
      await sleep(POLL_MS);
    }
  }

  private async process(request: ChargeRequest, chargeId: string, token: string): Promise<ChargeResult> {
    if (token === 'tok_providerError') {
      // Nothing was charged: forget the key so that a retry is a fresh call.
      await this.sql.affected(`DELETE FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key = $2 AND state = 'processing'`, [
        request.tenantId,
        request.idempotencyKey,
      ]);
      return { outcome: 'error', message: 'The sandbox payment provider had an internal error (simulated by tok_providerError).' };
    }
    if (token === SANDBOX_AUTHENTICATION_TOKEN) {
      await this.sql.affected(`UPDATE sandbox_charges SET state = 'requires_action' WHERE tenant_id = $1 AND idempotency_key = $2 AND charge_id = $3`, [
        request.tenantId,
        request.idempotencyKey,
        chargeId,
      ]);
      return this.waiting(request, chargeId);
    }
    if (token === 'tok_timeout') await sleep(this.config.paymentTimeoutMs + SLOW_EXTRA_MS);
    const decline = declineFor(token);
    await this.sql.affected(
      `UPDATE sandbox_charges SET state = $4, decline_message = $5, completed_at = now() WHERE tenant_id = $1 AND idempotency_key = $2 AND charge_id = $3`,
      [request.tenantId, request.idempotencyKey, chargeId, decline ? 'declined' : 'succeeded', decline],
    );
    return decline ? { outcome: 'declined', message: decline } : { outcome: 'succeeded', reference: chargeId };
  }

  /**
   * A charge waiting for the traveler: its authentication page, or, once the hold it pays for has
   * expired (`abandonIfWaiting`), its end as a decline, so that it can no longer be paid.
   */
  private async waiting(request: ChargeRequest, chargeId: string): Promise<ChargeResult> {
    if (!request.abandonIfWaiting)
      return { outcome: 'action_required', reference: chargeId, actionUrl: sandboxAuthenticationUrl(this.config.baseUrl, chargeId) };
    const message = 'The traveler did not authenticate the payment before the hold expired.';
    const ended = await this.sql.affected(
      `UPDATE sandbox_charges SET state = 'declined', decline_message = $3, completed_at = now() WHERE tenant_id = $1 AND charge_id = $2 AND state = 'requires_action'`,
      [request.tenantId, chargeId, message],
    );
    // Settled by the traveler meanwhile: the ledger's answer for the key is the outcome.
    return ended === 1 ? { outcome: 'declined', message, declineCode: 'authentication_not_completed' } : this.existing(request, request.token);
  }

  /**
   * The traveler on the sandbox's authentication page of a charge waiting for them
   * (`tok_threeDSecureRequired`): the charge succeeds or is declined. Null for a charge the ledger
   * does not hold; the charge's tenant and key (the payment attempt) otherwise, with its state
   * now (a charge settled before keeps its outcome).
   */
  async authenticate(
    chargeId: string,
    outcome: 'succeeded' | 'failed',
  ): Promise<{ tenantId: string; idempotencyKey: string; state: 'succeeded' | 'declined'; settledNow: boolean } | null> {
    const decline = outcome === 'failed' ? 'The traveler failed the authentication of the payment.' : null;
    const settled = await this.sql.rows<{ tenant_id: string; idempotency_key: string }>(
      `UPDATE sandbox_charges SET state = $2, decline_message = $3, completed_at = now() WHERE charge_id = $1 AND state = 'requires_action'
       RETURNING tenant_id, idempotency_key`,
      [chargeId, decline ? 'declined' : 'succeeded', decline],
    );
    if (settled[0])
      return { tenantId: settled[0].tenant_id, idempotencyKey: settled[0].idempotency_key, state: decline ? 'declined' : 'succeeded', settledNow: true };
    const before = await this.sql.rows<{ tenant_id: string; idempotency_key: string; state: ChargeRow['state'] }>(
      `SELECT tenant_id, idempotency_key, state FROM sandbox_charges WHERE charge_id = $1`,
      [chargeId],
    );
    const row = before[0];
    if (!row || (row.state !== 'succeeded' && row.state !== 'declined')) return null;
    return { tenantId: row.tenant_id, idempotencyKey: row.idempotency_key, state: row.state, settledNow: false };
  }

  /**
   * Verifies the card and keeps it, charging nothing (pay at property): a token the sandbox would
   * decline is declined, `tok_providerError` fails, anything else is kept. The same key keeps the
   * same card (its reference derives from the key).
   */
  async guarantee(request: GuaranteeRequest): Promise<GuaranteeResult> {
    if (request.token === 'tok_providerError')
      return { outcome: 'error', message: 'The sandbox payment provider had an internal error (simulated by tok_providerError).' };
    const decline = declineFor(request.token);
    if (decline) return { outcome: 'declined', message: decline };
    return { outcome: 'succeeded', cardReference: await this.keepCard(request.tenantId, request.idempotencyKey, request.token) };
  }

  /**
   * Charges a kept card without its holder: recorded in the same ledger as every charge (so it can
   * be refunded), keyed by the caller's key, so a repeated key answers the first outcome and never
   * charges twice. A card kept from `tok_offSessionDeclined` is always declined here.
   */
  async chargeOffSession(request: OffSessionChargeRequest): Promise<ChargeResult> {
    const [card] = await this.sql.rows<KeptCardRow>(
      `SELECT token_fingerprint, off_session_declines FROM sandbox_cards WHERE tenant_id = $1 AND card_reference = $2`,
      [request.tenantId, request.cardReference],
    );
    if (!card) return { outcome: 'declined', message: `No such card: '${request.cardReference}'.` };
    const decline = card.off_session_declines ? OFF_SESSION_DECLINE : null;
    const inserted = await this.sql.rows<{ charge_id: string }>(
      `INSERT INTO sandbox_charges (tenant_id, idempotency_key, charge_id, amount, currency, token_fingerprint, state, decline_message, completed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now()) ON CONFLICT DO NOTHING RETURNING charge_id`,
      [
        request.tenantId,
        request.idempotencyKey,
        newChargeId(),
        request.amount.amount,
        request.amount.currency,
        card.token_fingerprint,
        decline ? 'declined' : 'succeeded',
        decline,
      ],
    );
    if (inserted.length === 1) return decline ? { outcome: 'declined', message: decline } : { outcome: 'succeeded', reference: inserted[0].charge_id };
    const [row] = await this.sql.rows<ChargeRow>(
      `SELECT charge_id, amount, currency, token_fingerprint, state, decline_message, false AS stale FROM sandbox_charges WHERE tenant_id = $1 AND idempotency_key = $2`,
      [request.tenantId, request.idempotencyKey],
    );
    if (!row || Number(row.amount) !== request.amount.amount || row.currency !== request.amount.currency || row.token_fingerprint !== card.token_fingerprint) {
      return { outcome: 'error', message: 'Idempotency key reused with different charge parameters.' };
    }
    return row.state === 'succeeded'
      ? { outcome: 'succeeded', reference: row.charge_id }
      : { outcome: 'declined', message: row.decline_message ?? OFF_SESSION_DECLINE };
  }

  /**
   * Refunds part of a succeeded charge. The ledger (`sandbox_refunds`) is keyed by tenant +
   * idempotency key: a repeated key answers the first refund. Like a real provider it refuses an
   * unknown charge and refunds beyond what was charged.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const existing = await this.sql.rows<RefundRow>(`SELECT refund_ref FROM sandbox_refunds WHERE tenant_id = $1 AND idempotency_key = $2`, [
      request.tenantId,
      request.idempotencyKey,
    ]);
    if (existing[0]) return { outcome: 'succeeded', reference: existing[0].refund_ref };
    const charge = await this.sql.rows<RefundableChargeRow>(
      `SELECT c.amount, COALESCE((SELECT sum(r.amount) FROM sandbox_refunds r WHERE r.tenant_id = c.tenant_id AND r.charge_id = c.charge_id), 0) AS refunded
         FROM sandbox_charges c WHERE c.tenant_id = $1 AND c.charge_id = $2 AND c.state = 'succeeded' FOR UPDATE`,
      [request.tenantId, request.chargeReference],
    );
    if (!charge[0]) return { outcome: 'error', message: `No such charge: '${request.chargeReference}'.` };
    if (Number(charge[0].refunded) + request.amount.amount > Number(charge[0].amount)) {
      return { outcome: 'error', message: 'The refund exceeds the amount charged.' };
    }
    const reference = `re_sandbox_${randomUUID().replace(/-/g, '')}`;
    await this.sql.affected(
      `INSERT INTO sandbox_refunds (tenant_id, idempotency_key, refund_ref, charge_id, amount, currency) VALUES ($1, $2, $3, $4, $5, $6)`,
      [request.tenantId, request.idempotencyKey, reference, request.chargeReference, request.amount.amount, request.amount.currency],
    );
    return { outcome: 'succeeded', reference };
  }
}
