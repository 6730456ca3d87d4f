/** Every BullMQ queue of the service. Producers and processors name queues only through this. */
export enum QueueName {
  HoldExpiry = 'hold-expiry',
  OutboxRelay = 'outbox-relay',
  WebhookDelivery = 'webhook-delivery',
  OversellSweep = 'oversell-sweep',
  GuestFollowUp = 'guest-follow-up',
}

export const ALL_QUEUES = Object.values(QueueName);

/** Job names on each queue: producers, schedulers and processors name jobs only through these. */
export const HOLD_EXPIRY_JOBS = { expire: 'expire', sweep: 'sweep', recoverPayments: 'recover-payments', chargeSchedule: 'charge-schedule' } as const;
export const OUTBOX_RELAY_JOBS = { catchUp: 'catch-up' } as const;
export const WEBHOOK_DELIVERY_JOBS = { deliver: 'deliver' } as const;
export const OVERSELL_SWEEP_JOBS = { sweep: 'sweep' } as const;
export const GUEST_FOLLOW_UP_JOBS = { send: 'send', sweep: 'sweep' } as const;

/** Ids of the repeatable job schedulers the worker upserts at boot (one per periodic job). */
export const JOB_SCHEDULER_IDS = {
  holdExpirySweep: 'hold-expiry-sweep',
  strandedPaymentsSweep: 'stranded-payments-sweep',
  paymentScheduleSweep: 'payment-schedule-sweep',
  outboxRelayCatchUp: 'outbox-relay-catch-up',
  oversellSweep: 'oversell-sweep',
  guestFollowUpSweep: 'guest-follow-up-sweep',
} as const;

/** Job payloads carry ids and the tenant only; the database row is the truth. */
export interface HoldExpiryJob {
  tenant_id: string;
  hold_id: string;
  trace_id?: string;
}

export interface OutboxRelayJob {
  outbox_event_id?: string;
}

export interface WebhookDeliveryJob {
  tenant_id: string;
  delivery_id: string;
  /** The attempt chain (a replay starts a new one) and the attempt within it, both from 1. */
  chain: number;
  attempt: number;
  /** `channel`: a channel delivery (docs/channels-out.md); a webhook delivery when absent. */
  target?: 'channel';
}

export interface OversellSweepJob {
  tenant_id?: string;
}

export interface GuestFollowUpJob {
  tenant_id: string;
  follow_up_id: string;
  trace_id?: string;
}

/**
 * Deterministic job ids, so that a job enqueued twice runs once. BullMQ 6 refuses custom ids with
 * a single ':' (it reserves `a:b:c` for repeatable jobs), hence `hold-expiry-<hold_id>`.
 */
export const jobIds = {
  holdExpiry: (holdId: string) => `hold-expiry-${holdId}`,
  webhookDelivery: (deliveryId: string, chain: number, attempt: number) => `webhook-delivery-${deliveryId}-${chain}-${attempt}`,
  channelDelivery: (deliveryId: string, chain: number, attempt: number) => `channel-delivery-${deliveryId}-${chain}-${attempt}`,
  /** One job per follow-up and send time (a moved or retried follow-up gets a new job). */
  guestFollowUp: (followUpId: string, sendAt: Date) => `guest-follow-up-${followUpId}-${sendAt.getTime()}`,
};
