import type { DeliveryJobRef, OutboxEventRecord } from '../webhook.types';

/** Port: the outbox as the relay reads it. Every method joins the caller's transaction. */
export abstract class OutboxRelayStore {
  /**
   * One statement for a batch: claims up to `limit` unrelayed events, oldest first (`FOR UPDATE
   * SKIP LOCKED`, so relays cooperate), creates one pending delivery per (event, enabled endpoint
   * subscribed to its type), and returns the events with every pending first-attempt delivery of
   * them (new ones and those of an earlier relay whose enqueue failed). An event with no delivery
   * to enqueue (no endpoint subscribed) is marked relayed by the same statement: `relayedIds`.
   */
  abstract claimBatch(limit: number): Promise<{ eventIds: string[]; refs: DeliveryJobRef[]; relayedIds: string[] }>;
  abstract markRelayed(eventIds: string[]): Promise<void>;
  abstract findEvent(tenantId: string, id: string): Promise<OutboxEventRecord | null>;
}
