import type { DeliveryJobRef } from '../webhook.types';

/** Port: the webhook-delivery queue. Enqueuing the same ref twice adds one job. */
export abstract class WebhookDeliveryQueue {
  /** Rejects (within a few seconds) when the queue cannot take the jobs. */
  abstract enqueue(refs: DeliveryJobRef[]): Promise<void>;
}
