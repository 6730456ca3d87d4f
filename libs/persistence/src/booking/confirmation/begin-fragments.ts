import type { BeginConversion } from '@hcs/domain';
import { json } from '../../sql/sql-values';
import { ATTEMPT_COLUMNS } from '../payment-rows';
import type { SqlParams } from '../sql-params';
import type { Cte } from './cte';

/**
 * The fragments of a booking's begin statement (docs/booking-chain.md "The confirmation's
 * statements"): the hold goes converting under the Idempotency-Key (`h`), then each claim the
 * attempt needs is made or the whole statement is refused by `hcs_require`, and the attempt is
 * recorded (`att`). The payment adapter's own record, if any, follows them (PaymentRecordFragment).
 */

/** Placeholders every fragment of one statement shares. */
export interface BeginKeys {
  tenant: string;
  hold: string;
  key: string;
}

export function beginKeys(p: SqlParams, { attempt }: BeginConversion): BeginKeys {
  return { tenant: p.add(attempt.tenantId, 'uuid'), hold: p.add(attempt.holdId, 'uuid'), key: p.add(attempt.idempotencyKey, 'text') };
}

/** `h`: a live held hold goes converting, owned by this Idempotency-Key. */
export function holdConverting(p: SqlParams, k: BeginKeys, input: BeginConversion): Cte {
  return {
    name: 'h',
    body: `UPDATE holds SET state = ${p.add(input.to, 'text')}, converting_key = ${k.key}, updated_at = now()
         WHERE tenant_id = ${k.tenant} AND id = ${k.hold} AND state = ANY(${p.add(input.from, 'text[]')}) AND expires_at > now()
        RETURNING id`,
  };
}

/** `au` and `claimed`: the admin's booking authorization, when the total needs one, is claimed for this hold (`authorization_taken` otherwise). */
export function authorizationClaimed(p: SqlParams, k: BeginKeys, input: BeginConversion): Cte[] {
  const authorization = p.add(input.authorizationId, 'uuid');
  return [
    {
      name: 'au',
      body: `UPDATE booking_authorizations SET claimed_by_hold_id = ${k.hold}
         WHERE ${authorization} IS NOT NULL AND tenant_id = ${k.tenant} AND id = ${authorization} AND used_at IS NULL AND expires_at > now()
           AND (claimed_by_hold_id IS NULL OR claimed_by_hold_id = ${k.hold}) AND EXISTS (SELECT 1 FROM h)
        RETURNING id`,
    },
    { name: 'claimed', body: `SELECT hcs_require(${authorization} IS NULL OR EXISTS (SELECT 1 FROM au), 'authorization_taken') AS ok FROM h` },
  ];
}

/**
 * `jti` and `spent`: a delegation's jti pays for one booking (docs/identity.md): a new one is
 * recorded, an expired use taken over, and a live use kept only when it is this same request
 * (agent + Idempotency-Key) coming back (`delegation_spent` otherwise).
 */
export function delegationSpent(p: SqlParams, k: BeginKeys, { delegationUse: use }: BeginConversion): Cte[] {
  const jti = p.add(use?.jti ?? null, 'text');
  return [
    {
      name: 'jti',
      body: `INSERT INTO delegation_jti_uses (tenant_id, iss, jti, expires_at, principal_id, idempotency_key)
        SELECT ${k.tenant}, ${p.add(use?.iss ?? null, 'text')}, ${jti}, ${p.add(use?.expiresAt ?? null, 'timestamptz')}, ${p.add(use?.principalId ?? null, 'uuid')}, ${k.key}
          FROM h WHERE ${jti} IS NOT NULL
        ON CONFLICT (tenant_id, iss, jti) DO UPDATE
          SET expires_at = EXCLUDED.expires_at, principal_id = EXCLUDED.principal_id, idempotency_key = EXCLUDED.idempotency_key, used_at = now()
          WHERE delegation_jti_uses.expires_at <= now()
             OR (delegation_jti_uses.principal_id = EXCLUDED.principal_id AND delegation_jti_uses.idempotency_key = EXCLUDED.idempotency_key)
        RETURNING 1`,
    },
    { name: 'spent', body: `SELECT hcs_require(${jti} IS NULL OR EXISTS (SELECT 1 FROM jti), 'delegation_spent') AS ok FROM h` },
  ];
}

/**
 * `att`: the pending payment attempt, with what the worker needs to finish it after a crash. The
 * same key again after a provider error (not sealed) starts the attempt over, under the same
 * provider key.
 */
export function attemptRecorded(p: SqlParams, k: BeginKeys, { attempt: a }: BeginConversion): Cte {
  const token = p.add(a.providerToken, 'text');
  return {
    name: 'att',
    body: `INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token, provider_token_fingerprint,
                                    billing_country, state, booking_request)
      SELECT ${k.tenant}, ${k.hold}, ${k.key}, ${p.add(a.amount.amount, 'bigint')}, ${p.add(a.amount.currency, 'text')}, ${p.add(a.method, 'text')},
             ${token}, encode(sha256(convert_to(${token}, 'UTF8')), 'hex'), ${p.add(a.billingCountry, 'text')}, 'pending',
             ${p.add(json(a.bookingRequest), 'jsonb')}
        FROM claimed, spent
      ON CONFLICT (tenant_id, hold_id, idempotency_key) DO UPDATE
        SET state = 'pending', amount = EXCLUDED.amount, currency = EXCLUDED.currency, method = EXCLUDED.method, provider_token = EXCLUDED.provider_token,
            provider_token_fingerprint = EXCLUDED.provider_token_fingerprint, billing_country = EXCLUDED.billing_country, provider_reference = NULL, provider_message = NULL, completed_at = NULL,
            booking_request = EXCLUDED.booking_request, started_at = now()
      RETURNING ${ATTEMPT_COLUMNS}`,
  };
}

/**
 * `ref` and `referenced`: the agent's client_reference (docs/booking-chain.md "After a timeout") is
 * claimed for this hold and attempt; taken over only by the same attempt coming back or after a
 * provider error (nothing was charged); anything else refuses the whole statement, so one
 * reference never pays twice (`client_reference_taken`).
 */
export function clientReferenceClaimed(p: SqlParams, k: BeginKeys, { clientReference }: BeginConversion): Cte[] {
  const value = p.add(clientReference?.value ?? null, 'text');
  return [
    {
      name: 'ref',
      body: `INSERT INTO booking_client_references (tenant_id, agent_id, client_reference, hold_id, state, attempt_id, idempotency_key)
        SELECT ${k.tenant}, ${p.add(clientReference?.agentId ?? null, 'uuid')}, ${value}, ${k.hold}, 'pending', att.id, ${k.key} FROM att WHERE ${value} IS NOT NULL
        ON CONFLICT (tenant_id, agent_id, client_reference) DO UPDATE
          SET state = 'pending', attempt_id = EXCLUDED.attempt_id, idempotency_key = EXCLUDED.idempotency_key, booking_id = NULL,
              error_code = NULL, error_status = NULL, error_detail = NULL, updated_at = now()
          WHERE booking_client_references.hold_id = EXCLUDED.hold_id
            AND ((booking_client_references.state = 'pending' AND booking_client_references.idempotency_key = EXCLUDED.idempotency_key)
              OR (booking_client_references.state = 'failed' AND booking_client_references.error_code = 'payment_provider_error'))
        RETURNING 1`,
    },
    { name: 'referenced', body: `SELECT hcs_require(${value} IS NULL OR EXISTS (SELECT 1 FROM ref), 'client_reference_taken') AS ok FROM att` },
  ];
}
