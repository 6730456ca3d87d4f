import type { DeliveryAttempt, DeliveryState } from '../webhooks/webhook.types';

/** Booking events a channel connection receives as OTA_HotelResNotifRQ (docs/channels-out.md). */
export const CHANNEL_EVENT_TYPES = ['booking.confirmed', 'booking.modified', 'booking.cancelled', 'booking.room_cancelled'] as const;
export type ChannelEventType = (typeof CHANNEL_EVENT_TYPES)[number];

export type ChannelAuthType = 'basic' | 'bearer';

/** How a connection authenticates to its receiver; the secret part is sealed at rest. */
export type ChannelAuth = { type: 'basic'; username: string; password: string } | { type: 'bearer'; token: string };

export interface ChannelConnectionRecord {
  id: string;
  tenantId: string;
  propertyId: string;
  url: string;
  authType: ChannelAuthType;
  /** The basic-auth user name; null for a bearer token. */
  authUsername: string | null;
  createdAt: Date;
}

export interface ChannelDeliveryRecord {
  id: string;
  tenantId: string;
  connectionId: string;
  eventId: string;
  eventType: string;
  bookingId: string;
  state: DeliveryState;
  chain: number;
  attempt: number;
  nextAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  /** The acknowledging RS's first `HotelReservationID` `ResID_Value`. */
  acknowledgedId: string | null;
  createdAt: Date;
  updatedAt: Date;
  attempts: DeliveryAttempt[];
}

/** What the message names besides the booking read: the property's and plan's codes. */
export interface ChannelCodes {
  hotelCode: string;
  roomTypeCode: string;
  ratePlanCode: string;
}
