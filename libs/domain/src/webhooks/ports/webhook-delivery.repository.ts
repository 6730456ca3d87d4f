import type { DeliveryAttempt, DeliveryJobRef, DeliveryState, OutboxEventRecord, SealedSecrets, WebhookDeliveryRecord } from '../webhook.types';
import type { ListPosition } from './webhook-endpoint.repository';

export interface DeliveryListFilter {
  state?: DeliveryState;
  after: ListPosition | null;
  limit: number;
}

export interface AttemptResult {
  ref: DeliveryJobRef;
  attempt: Omit<DeliveryAttempt, 'chain' | 'attempt'>;
  state: Exclude<DeliveryState, 'in_flight'>;
  nextAttemptAt: Date | null;
}

/** A claimed delivery with its endpoint (null once deleted), sealed secrets and event. */
export interface ClaimedDelivery {
  endpointId: string;
  endpoint: { url: string; status: 'enabled' | 'disabled'; sealed: SealedSecrets; failingSince: Date | null } | null;
  event: OutboxEventRecord | null;
}

/** Port: deliveries and their attempts. */
export abstract class WebhookDeliveryRepository {
  abstract findById(tenantId: string, id: string): Promise<WebhookDeliveryRecord | null>;
  abstract listForEndpoint(tenantId: string, endpointId: string, filter: DeliveryListFilter): Promise<WebhookDeliveryRecord[]>;
  /** failed or dead → pending under a new chain (attempt 0), due now; null when in another state. */
  abstract restart(tenantId: string, id: string): Promise<WebhookDeliveryRecord | null>;
  /**
   * `restart` for every delivery of the endpoint in `state` (failed or dead), paced: the n-th
   * (oldest first) is due n / perSecond seconds from now.
   */
  abstract restartAll(tenantId: string, endpointId: string, state: 'failed' | 'dead', perSecond: number): Promise<WebhookDeliveryRecord[]>;
  /**
   * Claims the attempt `ref` names: pending at the attempt before, or already in flight at this
   * attempt (a worker died mid-delivery and BullMQ handed the job on). Null when the job is stale.
   * Returns what the attempt needs in the same round trip.
   */
  abstract claim(ref: DeliveryJobRef): Promise<ClaimedDelivery | null>;
  /** Records the attempt and moves the delivery on, if it is still in flight at that attempt. */
  abstract finishAttempt(result: AttemptResult): Promise<boolean>;
  /** Deliveries whose job may have been lost: pending and overdue, or in flight for too long. */
  abstract listStranded(olderThanSeconds: number, limit: number): Promise<DeliveryJobRef[]>;
}
