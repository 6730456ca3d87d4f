import type { FollowUpRecord, RenderedMessage } from './follow-up.types';

/** The REST shape of a follow-up (docs/follow-ups.md); also the payload of its events. */
export interface FollowUpView {
  id: string;
  booking_id: string;
  kind: string;
  message: string | null;
  channel: string;
  state: string;
  send_at: string;
  sent_at?: string;
  error?: string;
  /** What the guest reads, once delivered. */
  rendered?: RenderedMessage;
}

export function followUpView(f: FollowUpRecord): FollowUpView {
  return {
    id: f.id,
    booking_id: f.bookingId,
    kind: f.kind,
    message: f.message,
    channel: f.channel,
    state: f.state,
    send_at: f.sendAt.toISOString(),
    ...(f.sentAt ? { sent_at: f.sentAt.toISOString() } : {}),
    ...(f.error ? { error: f.error } : {}),
    ...(f.rendered ? { rendered: f.rendered } : {}),
  };
}
