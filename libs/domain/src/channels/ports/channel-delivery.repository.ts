import type { DeliveryListFilter, AttemptResult } from '../../webhooks/ports/webhook-delivery.repository';
import type { DeliveryJobRef, OutboxEventRecord } from '../../webhooks/webhook.types';
import type { ChannelCodes, ChannelConnectionRecord, ChannelDeliveryRecord } from '../channel.types';

/** A claimed channel delivery with what its attempt needs (nulls once the connection or event is gone). */
export interface ClaimedChannelDelivery {
  connection: (Pick<ChannelConnectionRecord, 'id' | 'url' | 'authType' | 'authUsername'> & { sealedSecret: string }) | null;
  event: OutboxEventRecord | null;
  codes: ChannelCodes | null;
}

/** An attempt's result, with the receiver's confirmation number when it acknowledged. */
export interface ChannelAttemptResult extends AttemptResult {
  acknowledgedId: string | null;
}

/** Port: channel deliveries and their attempts (same life as webhook deliveries, docs/events.md "Retries"). */
export abstract class ChannelDeliveryRepository {
  abstract findById(tenantId: string, id: string): Promise<ChannelDeliveryRecord | null>;
  abstract listForConnection(tenantId: string, connectionId: string, filter: DeliveryListFilter): Promise<ChannelDeliveryRecord[]>;
  /** failed or dead → pending under a new chain (attempt 0), due now; null when in another state. */
  abstract restart(tenantId: string, id: string): Promise<ChannelDeliveryRecord | null>;
  /** Claims the attempt `ref` names, as `WebhookDeliveryRepository.claim`. Null when the job is stale. */
  abstract claim(ref: DeliveryJobRef): Promise<ClaimedChannelDelivery | null>;
  /**
   * Records the attempt and moves the delivery on, if it is still in flight at that attempt
   * (`recorded`). An acknowledgement's number is kept on the booking by the same statement;
   * `confirmed` says the booking's `property_confirmation_id` changed to it.
   */
  abstract finishAttempt(result: ChannelAttemptResult): Promise<{ recorded: boolean; confirmed: boolean }>;
  /** Deliveries whose job may have been lost: pending and overdue, or in flight for too long. */
  abstract listStranded(olderThanSeconds: number, limit: number): Promise<DeliveryJobRef[]>;
}
