import { Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { Outcome, renderSuccess } from '@hcs/contracts';
import { continuationOf, DomainError, IdempotencyRecordRepository, IdempotencyScope, IdempotentRequest, KeyClaim, StoredResponse } from '@hcs/domain';
import { AppConfig, RequestContext } from '@hcs/platform';
import { renderError, toFailure } from '../http/error-envelope';
import { BODY_KEY_FIELD } from './idempotency-key';
import type { IdempotentOptions } from './idempotent-options';

/** Statuses whose outcome is a business fact and is stored for replay (docs/api-contract.md "Idempotency"). */
export function isSealed(status: number): boolean {
  return (status >= 200 && status < 300) || status === 402 || status === 409 || status === 410;
}

/**
 * A 402 that is no outcome yet: the payment waits for the traveler to authenticate
 * (docs/payments.md), so the key is freed and a replay asks the provider again.
 */
const AWAITING_TRAVELER = 'payment_action_required';

/** Whether a response is stored for replay: a business outcome that is final. */
export function isSealedResponse(response: StoredResponse): boolean {
  if (!isSealed(response.status)) return false;
  const body = response.body;
  if (body === null || typeof body !== 'object' || !('error' in body)) return true;
  const error = body.error;
  return !(error !== null && typeof error === 'object' && 'code' in error && error.code === AWAITING_TRAVELER);
}

interface Execution {
  response: StoredResponse;
  /**
   * An answer given before the work finished (payment_timeout): resolves with the final
   * response, which is stored when sealed.
   */
  continuation?: Promise<StoredResponse>;
}

/** One idempotent call, as REST (the interceptor) and MCP (the tool runner) both describe it. */
export interface IdempotentCall {
  tenantId: string;
  principalId: string;
  /** `METHOD /path/:param`: the same string on both transports, so a key replays across them. */
  route: string;
  key: string;
  /** How the caller sent the key (`Idempotency-Key` or `idempotency_key`), named in the still-running answer. */
  keyName: string;
  /** Path parameters and body; the request hash is the JCS of both, without the body's key field. */
  params: Record<string, unknown>;
  body: Record<string, unknown>;
  options: IdempotentOptions;
  /** The success status when the Outcome names none. */
  defaultStatus: number;
  /**
   * The handler, handed the request's idempotency record to put in its use case's command:
   * resolves with an Outcome, or throws a failure (possibly carrying a continuation).
   */
  execute: (request: IdempotentRequest) => Promise<unknown>;
}

export interface IdempotentResult {
  /** The rendered answer (status and envelope body), first or replayed. */
  response: StoredResponse;
  replayed: boolean;
  /** Set when this call ran the handler and it threw: REST rethrows it to the error filter. */
  thrown?: { error: unknown };
}

const DEFAULT_WAIT_MS = 10_000;
/** Beyond the payment budget, what a duplicate of a booking also allows for the database work around it. */
const PAYMENT_WAIT_MARGIN_MS = 5_000;
const LEASE_MS = 15_000;
/**
 * A key whose request failed is freed at once; when the database cannot be reached to free it
 * (the failure was the database), it is freed again every this many ms until it is, or until its
 * lease would have run out anyway: a retry after a 503 waits for the database, never for a lease
 * that no attempt holds (docs/booking-chain.md "Idempotency").
 */
const ABANDON_RETRY_MS = 250;
const POLL_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a request at most once per key, for every transport. It hashes the request, scopes the key
 * to tenant + principal + route, and renders the outcome exactly as the envelope (EnvelopeInterceptor) and
 * error filter do, so that a replay is byte-for-byte the first answer.
 *
 * The first request inserts an in-progress record (a lease it keeps renewing while it works) and
 * seals the response when it is a business outcome; anything else removes the record so the key
 * can be used again. A duplicate polls the record: it replays the sealed response, takes over a
 * record whose owner died (lease ran out), or, after the wait budget, gets `payment_timeout` or
 * `idempotency_conflict` (in progress). Same key with another request hash is `idempotency_conflict`.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly records: IdempotencyRecordRepository,
    private readonly config: AppConfig,
    private readonly context: RequestContext,
  ) {}

  async run(call: IdempotentCall): Promise<IdempotentResult> {
    const scope: IdempotencyScope = { tenantId: call.tenantId, principalId: call.principalId, route: call.route, key: call.key };
    const traceId = this.context.traceId;
    const renderOutcome = (outcome: unknown): StoredResponse =>
      outcome instanceof Outcome
        ? { status: outcome.meta.status ?? call.defaultStatus, body: renderSuccess(outcome, traceId) }
        : this.renderFailure(new Error('an idempotent route must return an Outcome'), traceId);
    // A use case whose statement writes its outcome may seal the record in that same statement
    // (IdempotentRequest.seal); its stored response is then the answer, and no completion follows.
    const sealable = (outcome: unknown): StoredResponse | null => {
      const response = renderOutcome(outcome);
      return isSealed(response.status) ? response : null;
    };
    const alreadySealed = new WeakSet<StoredResponse>();
    let thrown: { error: unknown } | undefined;
    const execute = async (request: IdempotentRequest): Promise<Execution> => {
      thrown = undefined;
      const render = (outcome: unknown): StoredResponse => {
        const stored = request.storedFor(outcome);
        if (!stored) return renderOutcome(outcome);
        alreadySealed.add(stored);
        return stored;
      };
      try {
        return { response: render(await call.execute(request)) };
      } catch (error) {
        thrown = { error };
        const continuation = continuationOf(error);
        return {
          response: this.renderFailure(error, traceId),
          continuation: continuation?.then(render, (late: unknown) => this.renderFailure(late, traceId)),
        };
      }
    };
    const waitMs = call.options.waitForPaymentBudget ? this.config.paymentTimeoutMs + PAYMENT_WAIT_MARGIN_MS : DEFAULT_WAIT_MS;
    const key: KeyClaim = { scope, requestHash: requestHashOf(call.params, call.body), leaseMs: LEASE_MS, retentionHours: this.config.idempotencyTtlHours };
    const first = call.options.claimOnFirstRead ? await this.ownOnFirstRead(key, sealable, execute, alreadySealed) : null;
    const claimed = () => execute(IdempotentRequest.claimed(key, sealable));
    const result = first ?? (await this.once(key, claimed, waitMs, () => stillRunning(call), alreadySealed));
    return thrown && !result.replayed ? { ...result, thrown } : result;
  }

  private renderFailure(error: unknown, traceId: string): StoredResponse {
    const { status, body } = renderError(toFailure(error), traceId, this.config.docsUrl);
    return { status, body };
  }

  private async once(
    { scope, requestHash }: KeyClaim,
    execute: () => Promise<Execution>,
    waitMs: number,
    stillRunning: () => DomainError,
    alreadySealed: WeakSet<StoredResponse>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await this.records.tryBegin(scope, requestHash, LEASE_MS, this.config.idempotencyTtlHours)) return this.own(scope, execute, alreadySealed);
      const record = await this.records.find(scope);
      if (!record) continue;
      if (record.expired) {
        await this.records.deleteExpired(scope);
        continue;
      }
      if (record.requestHash !== requestHash) {
        throw new DomainError('idempotency_conflict', { detail: { idempotency_key: scope.key, route: scope.route } });
      }
      if (record.state === 'completed' && record.response) return { response: record.response, replayed: true };
      if (record.leaseExpired && (await this.records.takeOver(scope, requestHash, LEASE_MS))) return this.own(scope, execute, alreadySealed);
      if (Date.now() >= deadline) throw stillRunning();
      await sleep(POLL_MS);
    }
  }

  /**
   * For a route whose use case's first read carries the claim (`claimOnFirstRead`): the work
   * starts at once with a pending claim in its `IdempotentRequest`, and that read claims the key, one
   * statement fewer than a claim of its own. Null when the key turned out to be another request's:
   * the work stopped before any write, and the caller waits for that request or replays its answer
   * as usual.
   */
  private async ownOnFirstRead(
    key: KeyClaim,
    sealable: (outcome: unknown) => StoredResponse | null,
    execute: (request: IdempotentRequest) => Promise<Execution>,
    alreadySealed: WeakSet<StoredResponse>,
  ): Promise<{ response: StoredResponse; replayed: boolean } | null> {
    let stopLease = () => undefined as void;
    const request = IdempotentRequest.claimedByFirstRead(key, sealable, () => {
      stopLease = this.renewingLease(key.scope);
    });
    const execution = await execute(request);
    const outcome = request.claimOutcome;
    if (outcome === 'taken') return null;
    if (outcome === 'not_made') {
      // No read of the work claimed the key (it sent none, or its first one failed): claim it
      // now, as a key is claimed before the work on every other route.
      if (!(await this.records.tryBegin(key.scope, key.requestHash, LEASE_MS, this.config.idempotencyTtlHours))) return null;
      stopLease = this.renewingLease(key.scope);
    }
    return this.finish(key.scope, execution, () => stopLease(), alreadySealed);
  }

  /** Renews the owner's lease while it works; returns the stop. */
  private renewingLease(scope: IdempotencyScope): () => void {
    const heartbeat = setInterval(() => void this.records.renewLease(scope, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    heartbeat.unref();
    return () => clearInterval(heartbeat);
  }

  private async own(
    scope: IdempotencyScope,
    execute: () => Promise<Execution>,
    alreadySealed: WeakSet<StoredResponse>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    const stopLease = this.renewingLease(scope);
    let execution: Execution;
    try {
      execution = await execute();
    } catch (error) {
      stopLease();
      await this.abandon(scope);
      throw error;
    }
    return this.finish(scope, execution, stopLease, alreadySealed);
  }

  /** Seals a business outcome (unless its step's statement already did), else frees the key; a continuation keeps it until the work ends. */
  private async finish(
    scope: IdempotencyScope,
    { response, continuation }: Execution,
    stopLease: () => void,
    alreadySealed: WeakSet<StoredResponse>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    const seal = (sealed: StoredResponse) => (alreadySealed.has(sealed) ? Promise.resolve() : this.records.complete(scope, sealed));
    if (isSealedResponse(response)) {
      stopLease();
      await seal(response);
    } else if (continuation) {
      // The answer was given early; the record stays in progress (lease renewed) until the work ends.
      void continuation
        .then((final) => (isSealedResponse(final) ? seal(final) : this.abandon(scope)))
        .catch((error: Error) => {
          this.logger.error(`idempotent continuation for ${scope.route} failed: ${error.message}`);
          return this.abandon(scope);
        })
        .finally(() => stopLease());
    } else {
      stopLease();
      await this.abandon(scope);
    }
    return { response, replayed: false };
  }

  /** Frees the key now, or keeps trying in the background while the database cannot be reached. */
  private async abandon(scope: IdempotencyScope): Promise<void> {
    const giveUpAt = Date.now() + LEASE_MS;
    const attempt = (): Promise<void> =>
      this.records.abandon(scope).catch(() => {
        if (Date.now() < giveUpAt) setTimeout(() => void attempt(), ABANDON_RETRY_MS).unref();
      });
    await attempt();
  }
}

/** SHA-256 of the JCS of path parameters and body, the body's key field left out. */
export function requestHashOf(params: Record<string, unknown>, body: Record<string, unknown>): string {
  const { [BODY_KEY_FIELD]: _omitted, ...rest } = body;
  return createHash('sha256')
    .update(canonicalize({ params, body: rest }) ?? '')
    .digest('hex');
}

/** What a duplicate gets when the first request with its key is still running after the wait. */
function stillRunning(call: IdempotentCall): DomainError {
  return call.options.stillRunning === 'payment_timeout'
    ? new DomainError('payment_timeout', {
        message: `The first request with this ${call.keyName} is still waiting for the payment provider.`,
        detail: { idempotency_key: call.key },
      })
    : new DomainError('idempotency_conflict', {
        message: `A request with this ${call.keyName} is still in progress.`,
        detail: { idempotency_key: call.key, in_progress: true },
        retryAfter: 1,
      });
}
