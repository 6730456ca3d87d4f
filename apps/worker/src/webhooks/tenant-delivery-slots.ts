import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig, REDIS, type RedisClient } from '@hcs/platform';

/**
 * A slot is a lease: a worker that dies holding one frees it when the lease lapses. Longer than
 * the job lock (15 s) plus the attempt budget (10 s), so a live attempt never loses its slot.
 */
export const SLOT_LEASE_MS = 30_000;

/** Attempts one worker runs at once. */
export const WEBHOOK_WORKER_CONCURRENCY = 64;

/**
 * Slots a worker never lends to a tenant past its share: they stay free for other tenants'
 * attempts. A tenant alone uses the rest (48 of 64), so fairness costs a busy tenant little
 * throughput while a hanging one cannot take the whole worker.
 */
export const SLOTS_KEPT_FREE = 16;

/**
 * Takes a slot when the tenant has fewer than `share` live leases: drops lapsed leases, renews
 * the holder's own lease (a stalled job taken over by another worker), else adds one if there is
 * room (below the share, or at any count when the caller may borrow). Atomic, so workers never
 * over-admit. KEYS[1] = the tenant's lease set; ARGV = now, lease end, share, holder, borrow (1/0).
 */
const ACQUIRE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then
  redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
  return 1
end
if ARGV[5] ~= '1' and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ${SLOT_LEASE_MS * 2})
return 1
`;

/**
 * Each tenant's share of webhook delivery concurrency (docs/events.md "Fairness between tenants"):
 * at most `WEBHOOK_TENANT_CONCURRENCY` attempts of one tenant are in flight across every worker,
 * so a tenant whose receivers hang holds at most that many of a worker's slots and the rest keep
 * serving the other tenants. BullMQ's open-source edition has no group concurrency; this is a
 * per-tenant lease set in Redis, checked by one Lua script before each attempt.
 */
@Injectable()
export class TenantDeliverySlots {
  private readonly logger = new Logger('TenantDeliverySlots');

  constructor(
    @Inject(REDIS) private readonly redis: RedisClient,
    private readonly config: AppConfig,
  ) {}

  private key(tenantId: string): string {
    return `${this.config.queuePrefix}:webhook-slots:${tenantId}`;
  }

  /**
   * True when the holder may deliver now: within the tenant's share, or past it when `mayBorrow`
   * (the worker has idle slots to lend). A Redis failure admits (fairness is lost, never a delivery).
   */
  async acquire(tenantId: string, holder: string, mayBorrow = false): Promise<boolean> {
    const now = Date.now();
    try {
      const share = this.config.webhookTenantConcurrency;
      const taken = await this.redis.eval(ACQUIRE, 1, this.key(tenantId), now, now + SLOT_LEASE_MS, share, holder, mayBorrow ? '1' : '0');
      return taken === 1;
    } catch (error) {
      this.logger.warn({ tenant_id: tenantId, err: error }, 'tenant delivery slot could not be checked; delivering anyway');
      return true;
    }
  }

  async release(tenantId: string, holder: string): Promise<void> {
    await this.redis.zrem(this.key(tenantId), holder).catch(() => undefined);
  }
}

/**
 * How long a job over its tenant's share waits before it asks again: 1-2 s, spread so a backlog
 * of one tenant does not come back in step (and is not picked up again at once, which would keep
 * a worker busy moving it back and forth).
 */
export function overShareDelayMs(random: number): number {
  return 1_000 + Math.round(1_000 * random);
}
