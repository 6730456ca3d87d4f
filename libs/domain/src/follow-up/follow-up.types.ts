import type { AuditActor } from '../booking/chain.types';

export const FOLLOW_UP_KINDS = ['pre_arrival', 'special_request_ack', 'post_stay', 'custom'] as const;
export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];

export const FOLLOW_UP_STATES = ['scheduled', 'sent', 'failed', 'cancelled'] as const;
export type FollowUpState = (typeof FOLLOW_UP_STATES)[number];

/** `sandbox` records the rendered message only; `email` sends it through SMTP (docs/follow-ups.md). */
export const FOLLOW_UP_CHANNELS = ['sandbox', 'email'] as const;
export type FollowUpChannel = (typeof FOLLOW_UP_CHANNELS)[number];

export const FOLLOW_UP_LOCALES = ['en', 'pt', 'es'] as const;
export type FollowUpLocale = (typeof FOLLOW_UP_LOCALES)[number];

/** Longest agent-written message. */
export const FOLLOW_UP_MESSAGE_MAX = 2000;

/** Who asked for a follow-up: the booking itself (confirmation) or a caller of the REST route. */
export type FollowUpOrigin = 'booking' | 'request';

/** Exactly what the guest reads: kept on the follow-up once it is delivered. */
export interface RenderedMessage {
  to: string;
  /** The From header: the tenant's sender name at FOLLOW_UP_FROM's address (absent on messages sent before per-tenant senders). */
  from?: string;
  /** The tenant's reply-to address, or null. */
  reply_to?: string | null;
  subject: string;
  body: string;
  locale: FollowUpLocale;
}

export interface FollowUpRecord {
  id: string;
  tenantId: string;
  bookingId: string;
  kind: FollowUpKind;
  message: string | null;
  channel: FollowUpChannel;
  state: FollowUpState;
  origin: FollowUpOrigin;
  sendAt: Date;
  sentAt: Date | null;
  error: string | null;
  /** Delivery attempts started so far (claims). */
  attempts: number;
  rendered: RenderedMessage | null;
  createdBy: AuditActor;
  createdAt: Date;
}
