import { Injectable, Logger } from '@nestjs/common';
import { DomainError, IdempotencyRecordRepository, IdempotencyScope, StoredResponse } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';

/** Statuses whose outcome is a business fact and is stored for replay (CONTRACT §6). */
export function isSealed(status: number): boolean {
  return (status >= 200 && status < 300) || status === 402 || status === 409 || status === 410;
}

export interface Execution {
  response: StoredResponse;
  /**
   * An answer given before the work finished (payment_timeout): resolves with the final
   * response, which is stored when sealed.
   */
  continuation?: Promise<StoredResponse>;
}

export interface IdempotentRun {
  response: StoredResponse;
  replayed: boolean;
}

const LEASE_MS = 15_000;
const POLL_MS = 40;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a request at most once per key. The first request inserts an in-progress record (a lease it
 * keeps renewing while it works) and seals the response when it is a business outcome; anything
 * else removes the record so the key can be used again. A duplicate polls the record: it replays
 * the sealed response, takes over a record whose owner died (lease ran out), or, after `waitMs`,
 * gets `stillRunning`. Same key with another request hash is `idempotency_conflict`.
 */
@Injectable()
export class IdempotencyService {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly records: IdempotencyRecordRepository,
    private readonly config: AppConfig,
  ) {}

  async run(
    scope: IdempotencyScope,
    requestHash: string,
    execute: () => Promise<Execution>,
    waitMs: number,
    stillRunning: () => DomainError,
  ): Promise<IdempotentRun> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      if (await this.records.tryBegin(scope, requestHash, LEASE_MS, this.config.idempotencyTtlHours)) return this.own(scope, execute);
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
      if (record.leaseExpired && (await this.records.takeOver(scope, requestHash, LEASE_MS))) return this.own(scope, execute);
      if (Date.now() >= deadline) throw stillRunning();
      await sleep(POLL_MS);
    }
  }

  private async own(scope: IdempotencyScope, execute: () => Promise<Execution>): Promise<IdempotentRun> {
    const heartbeat = setInterval(() => void this.records.renewLease(scope, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    heartbeat.unref();
    let execution: Execution;
    try {
      execution = await execute();
    } catch (error) {
      clearInterval(heartbeat);
      await this.records.abandon(scope).catch(() => undefined);
      throw error;
    }
    const { response, continuation } = execution;
    if (isSealed(response.status)) {
      clearInterval(heartbeat);
      await this.records.complete(scope, response);
    } else if (continuation) {
      // The answer was given early; the record stays in progress (lease renewed) until the work ends.
      void continuation
        .then((final) => (isSealed(final.status) ? this.records.complete(scope, final) : this.records.abandon(scope)))
        .catch((error: Error) => {
          this.logger.error(`idempotent continuation for ${scope.route} failed: ${error.message}`);
          return this.records.abandon(scope).catch(() => undefined);
        })
        .finally(() => clearInterval(heartbeat));
    } else {
      clearInterval(heartbeat);
      await this.records.abandon(scope);
    }
    return { response, replayed: false };
  }
}
