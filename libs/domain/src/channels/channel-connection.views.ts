import { adminAttemptError } from '../webhooks/rules/attempt-error';
import { deliveryAttemptView } from '../webhooks/webhook.views';
import type { ChannelConnectionRecord, ChannelDeliveryRecord } from './channel.types';

/** A connection as admins read it: the kind of credential and the user name, never a password or token. */
export function channelConnectionView(c: ChannelConnectionRecord) {
  return {
    id: c.id,
    property_id: c.propertyId,
    url: c.url,
    auth: c.authType === 'basic' ? { type: 'basic' as const, username: c.authUsername ?? '' } : { type: 'bearer' as const },
    created_at: c.createdAt.toISOString(),
  };
}

const OWN_ANSWER_WORDS =
  /^(unreadable OTA_HotelResNotifRS: [a-zA-Z -]+|OTA_HotelResNotifRS Errors( [A-Za-z0-9?._-]+\/[A-Za-z0-9?._-]+)*|the connection, its event or its codes are gone)$/;

/** An attempt error as admins read it: our words about the answer pass, the rest as webhook attempt errors. */
export function channelAttemptError(stored: string | null): string | null {
  return stored !== null && OWN_ANSWER_WORDS.test(stored) ? stored : adminAttemptError(stored);
}

export function channelDeliveryView(d: ChannelDeliveryRecord) {
  return {
    id: d.id,
    connection_id: d.connectionId,
    event_id: d.eventId,
    event_type: d.eventType,
    booking_id: d.bookingId,
    state: d.state,
    next_attempt_at: d.nextAttemptAt?.toISOString() ?? null,
    last_status: d.lastStatus,
    last_error: channelAttemptError(d.lastError),
    acknowledged_id: d.acknowledgedId,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    attempts: d.attempts.map((a) => deliveryAttemptView(a, channelAttemptError)),
  };
}
