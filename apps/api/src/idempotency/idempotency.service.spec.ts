import { Outcome } from '@hcs/contracts';
import { DomainError, IdempotencyRecord, IdempotencyRecordRepository, IdempotencyScope, StoredResponse } from '@hcs/domain';
import { loadConfig, RequestContext } from '@hcs/platform';
import { IdempotentCall, IdempotencyService } from './idempotency.service';

/** Records in memory; `down` makes every call fail as an unreachable database does. */
class FlakyRecords extends IdempotencyRecordRepository {
  readonly records = new Map<string, { requestHash: string; response: StoredResponse | null }>();
  down = false;
  abandonCalls = 0;
  private keyOf = (s: IdempotencyScope) => `${s.tenantId}/${s.principalId}/${s.route}/${s.key}`;
  private reachable() {
    if (this.down) throw new DomainError('service_unavailable');
  }
  async tryBegin(scope: IdempotencyScope, requestHash: string): Promise<boolean> {
    this.reachable();
    if (this.records.has(this.keyOf(scope))) return false;
    this.records.set(this.keyOf(scope), { requestHash, response: null });
    return true;
  }
  async find(scope: IdempotencyScope): Promise<IdempotencyRecord | null> {
    this.reachable();
    const r = this.records.get(this.keyOf(scope));
    return r
      ? { requestHash: r.requestHash, state: r.response ? 'completed' : 'in_progress', response: r.response, leaseExpired: false, expired: false }
      : null;
  }
  async takeOver(): Promise<boolean> {
    return false;
  }
  async renewLease(): Promise<void> {}
  async complete(scope: IdempotencyScope, response: StoredResponse): Promise<void> {
    this.reachable();
    this.records.get(this.keyOf(scope))!.response = response;
  }
  async abandon(scope: IdempotencyScope): Promise<void> {
    this.abandonCalls += 1;
    this.reachable();
    this.records.delete(this.keyOf(scope));
  }
  async deleteExpired(): Promise<void> {}
  async purgeExpired(): Promise<number> {
    return 0;
  }
}

describe('IdempotencyService: a request that failed with the database', () => {
  afterEach(() => jest.useRealTimers());

  it('frees its key once the database answers again, so a retry never waits out a lease nobody holds', async () => {
    jest.useFakeTimers();
    const records = new FlakyRecords();
    const service = new IdempotencyService(records, loadConfig({}), { traceId: 'trace' } as RequestContext);
    const call = (execute: IdempotentCall['execute']): IdempotentCall => ({
      tenantId: 't',
      principalId: 'p',
      route: 'POST /v1/bookings',
      key: 'k-1',
      keyName: 'Idempotency-Key',
      params: {},
      body: { hold_id: 'h' },
      options: { required: true },
      defaultStatus: 201,
      execute,
    });

    // The booking's statement fails because the database went away; freeing the key fails too.
    const failed = await service.run(
      call(async () => {
        records.down = true;
        throw new DomainError('service_unavailable');
      }),
    );
    expect(failed.response.status).toBe(503);
    expect(records.records.size).toBe(1);

    // While it is down the key stays; the service keeps trying to free it.
    await jest.advanceTimersByTimeAsync(1000);
    expect(records.abandonCalls).toBeGreaterThan(2);
    expect(records.records.size).toBe(1);

    // The database is back: within one retry interval the key is free, and the retry runs.
    records.down = false;
    await jest.advanceTimersByTimeAsync(300);
    expect(records.records.size).toBe(0);
    const retried = await service.run(call(async () => new Outcome({ booking_id: 'b-1' }, {})));
    expect(retried).toMatchObject({ replayed: false, response: { status: 201 } });
  });

  it('gives up freeing it once its lease would have run out anyway', async () => {
    jest.useFakeTimers();
    const records = new FlakyRecords();
    const service = new IdempotencyService(records, loadConfig({}), { traceId: 'trace' } as RequestContext);
    await service.run({
      tenantId: 't',
      principalId: 'p',
      route: 'POST /v1/bookings',
      key: 'k-2',
      keyName: 'Idempotency-Key',
      params: {},
      body: {},
      options: { required: true },
      defaultStatus: 201,
      execute: async () => {
        records.down = true;
        throw new DomainError('service_unavailable');
      },
    });
    await jest.advanceTimersByTimeAsync(16_000);
    const calls = records.abandonCalls;
    await jest.advanceTimersByTimeAsync(5_000);
    expect(records.abandonCalls).toBe(calls);
  });
});

describe('IdempotencyService: a payment waiting for the traveler', () => {
  it('is not sealed: the key is freed, so a replay asks the provider again and seals its final outcome', async () => {
    const records = new FlakyRecords();
    const service = new IdempotencyService(records, loadConfig({}), { traceId: 'trace' } as RequestContext);
    const call = (execute: IdempotentCall['execute']): IdempotentCall => ({
      tenantId: 't',
      principalId: 'p',
      route: 'POST /v1/bookings',
      key: 'k-sca',
      keyName: 'Idempotency-Key',
      params: {},
      body: { hold_id: 'h' },
      options: { required: true },
      defaultStatus: 201,
      execute,
    });
    const waiting = await service.run(
      call(async () => {
        throw new DomainError('payment_action_required', { detail: { action_url: 'https://bank.example/3ds' }, retryAfter: 10 });
      }),
    );
    expect(waiting.response.status).toBe(402);
    expect(records.records.size).toBe(0);
    const declined = await service.run(
      call(async () => {
        throw new DomainError('payment_failed', { detail: { provider_message: 'Authentication failed.' } });
      }),
    );
    expect(declined).toMatchObject({ replayed: false, response: { status: 402 } });
    expect(records.records.size).toBe(1);
  });
});
