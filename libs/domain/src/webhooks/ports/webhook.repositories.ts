import type {
  DeliveryAttempt,
  DeliveryJobRef,
  DeliveryState,
  OutboxEventRecord,
  SealedSecrets,
  WebhookDeliveryRecord,
  WebhookEndpointRecord,
} from '../webhook.types';

/** Keyset position of a list ordered by (created_at, id). */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

export interface NewWebhookEndpoint {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  description: string | null;
  sealedSecret: string;
}

export interface WebhookEndpointPatch {
  url?: string;
  events?: string[];
  description?: string | null;
  status?: 'enabled' | 'disabled';
  disabledReason?: string | null;
}

/** Port: webhook endpoints of a tenant. */
export abstract class WebhookEndpointRepository {
  abstract create(input: NewWebhookEndpoint): Promise<WebhookEndpointRecord>;
  abstract findById(tenantId: string, id: string): Promise<WebhookEndpointRecord | null>;
  abstract list(tenantId: string, after: ListPosition | null, limit: number): Promise<WebhookEndpointRecord[]>;
  abstract update(tenantId: string, id: string, patch: WebhookEndpointPatch): Promise<WebhookEndpointRecord | null>;
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /** The current secret becomes the previous one, signing until `overlapSeconds` from now. */
  abstract rotateSecret(tenantId: string, id: string, sealedSecret: string, overlapSeconds: number): Promise<WebhookEndpointRecord | null>;
  abstract sealedSecrets(tenantId: string, id: string): Promise<SealedSecrets | null>;
  abstract countForTenant(tenantId: string): Promise<number>;
  /** A failed attempt: starts the failing run if none is open; answers when the run began. */
  abstract noteFailure(tenantId: string, id: string): Promise<Date | null>;
  /** A successful attempt closes the failing run. */
  abstract noteSuccess(tenantId: string, id: string): Promise<void>;
  /**
   * Disables the endpoint by itself (`auto_disabled_at`) if it is enabled and its failing run
   * began at or before `failingBefore` (null: unconditionally, as for 410 Gone); null when not.
   */
  abstract disableAutomatically(tenantId: string, id: string, reason: string, failingBefore: Date | null): Promise<WebhookEndpointRecord | null>;
}

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
  /** Sandbox `webhook_receiver_down` (docs/sandbox.md): this attempt fails as a receiver answering 503 would. */
  sandboxReceiverDown?: boolean;
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

/** Port: the webhook-delivery queue. Enqueuing the same ref twice adds one job. */
export abstract class WebhookDeliveryQueue {
  /** Rejects (within a few seconds) when the queue cannot take the jobs. */
  abstract enqueue(refs: DeliveryJobRef[]): Promise<void>;
}

export interface SignedMessage {
  url: string;
  webhookId: string;
  body: string;
  /** Plain `whsec_` secrets; every one signs (rotation overlap). */
  secrets: string[];
  timeoutMs: number;
}

export interface SendResult {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** Port: one signed POST to a receiver under the outbound address rule (docs/events.md "Receiver safety"). */
export abstract class WebhookSender {
  abstract send(message: SignedMessage): Promise<SendResult>;
}
