import { Injectable } from '@nestjs/common';
import { OutboxRelayStore } from '../ports/outbox-relay.store';
import { WebhookDeliveryQueue } from '../ports/webhook-delivery.queue';
import { WebhookDeliveryRepository } from '../ports/webhook-delivery.repository';

export const RELAY_BATCH_SIZE = 200;
/**
 * A pending delivery this far past due, or in flight this long (the attempt budget is 10 s), has
 * lost its job: enqueue it again.
 */
export const STRANDED_AFTER_SECONDS = 15;

/**
 * The outbox relay (docs/events.md "Relay"): one statement takes a batch of unrelayed events
 * (`FOR UPDATE SKIP LOCKED`, so relays of several workers take different rows) and commits one
 * pending delivery per subscribed endpoint; then their jobs are enqueued under deterministic ids
 * (the rows must be committed before a job can claim them) and a second statement marks the
 * events relayed. Two statements per batch, whatever its size, and one when no event of it has a
 * subscribed endpoint (the claim marks those at once: nothing to enqueue, nothing to lose)
 * (docs/performance.md). A failed
 * enqueue leaves the events unrelayed for the next pass; a repeated relay enqueues nothing twice.
 */
@Injectable()
export class RelayOutbox {
  constructor(
    private readonly store: OutboxRelayStore,
    private readonly queue: WebhookDeliveryQueue,
    private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  async relayBatch(limit = RELAY_BATCH_SIZE): Promise<number> {
    const { eventIds, refs, relayedIds } = await this.store.claimBatch(limit);
    if (eventIds.length === 0) return 0;
    if (refs.length > 0) await this.queue.enqueue(refs);
    const relayed = new Set(relayedIds);
    const rest = eventIds.filter((id) => !relayed.has(id));
    if (rest.length > 0) await this.store.markRelayed(rest);
    return eventIds.length;
  }

  /** Relays batches until the outbox is empty; returns how many events went out. */
  async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const relayed = await this.relayBatch();
      total += relayed;
      if (relayed < RELAY_BATCH_SIZE) return total;
    }
  }

  /** Re-enqueues deliveries whose job was lost (Redis flushed, a retry that could not be enqueued). */
  async requeueStranded(): Promise<number> {
    const refs = await this.deliveries.listStranded(STRANDED_AFTER_SECONDS, 500);
    if (refs.length > 0) await this.queue.enqueue(refs);
    return refs.length;
  }
}
