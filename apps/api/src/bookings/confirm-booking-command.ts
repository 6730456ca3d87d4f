import { randomUUID } from 'node:crypto';
import { clientReferenceKey, ConfirmBookingCommand } from '@hcs/domain';
import type { CreateBookingRequestDto } from './dto/bookings.request.dto';

/** A validated booking body and its idempotency key as the use case's command; REST and MCP both translate here. */
export function confirmBookingCommand(body: CreateBookingRequestDto, idempotencyKey: string): ConfirmBookingCommand {
  return {
    holdId: body.hold_id,
    quoteId: body.quote_id,
    guest: {
      primary: { full_name: body.guest.primary.full_name, email: body.guest.primary.email, phone: body.guest.primary.phone },
      ...(body.guest.rooms ? { rooms: body.guest.rooms.map((r) => ({ room: r.room, full_name: r.full_name })) } : {}),
    },
    payment: { method: body.payment.method, provider_token: body.payment.provider_token, billing_country: body.payment.billing_country },
    bookingAuthorizationId: body.booking_authorization_id ?? null,
    idempotencyKey,
    clientReference: body.client_reference ?? null,
  };
}

/**
 * The key of a confirmation: the Idempotency-Key (header or body field), else, with a
 * client_reference and no key, a key of this request's own (docs/booking-chain.md).
 */
export function confirmationKey(key: string | undefined, body: Pick<CreateBookingRequestDto, 'client_reference'>): string {
  return key ?? clientReferenceKey(body.client_reference as string, randomUUID());
}
