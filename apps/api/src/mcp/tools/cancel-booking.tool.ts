import { CancelBooking } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { CancelBookingRequestDto } from '../../bookings/dto/bookings.request.dto';
import { BODY_KEY_FIELD } from '../../idempotency/idempotency-key';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody, validUuid } from '../mcp-validation';
import { UUID } from './tool-schemas';

export const cancelBookingTool = defineTool<{ bookingId: string; body: CancelBookingRequestDto }>({
  name: 'cancel_booking',
  title: 'Cancel a booking',
  description:
    'Cancel a confirmed booking for the traveler who booked it (their delegation JWT). The fee comes from the policy snapshot frozen at booking time and the rest is refunded; the answer carries a signed booking_cancelled receipt. ' +
    'This cannot be undone: confirm with the traveler first (get_booking shows the terms). Next: get_booking_audit or verify_receipt.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  mirrors: { controller: BookingsController, handler: 'cancel' },
  input: {
    booking_id: UUID,
    ...dtoArguments(CancelBookingRequestDto, { omit: [BODY_KEY_FIELD], describe: { reason: 'Recorded with the cancellation and the refund' } }),
  },
  request: (args) => ({ params: { id: args.booking_id }, body: omit(args, 'booking_id') }),
  validate: ({ params, body }) => ({ bookingId: validUuid(params.id, 'booking_id'), body: validBody(CancelBookingRequestDto, body) }),
  execute: ({ input, actor, traveler, use }) => use(CancelBooking).execute({ bookingId: input.bookingId, reason: input.body.reason ?? null }, actor, traveler!),
  summarize: ({ data }) => `Booking ${(data as { booking_id: string }).booking_id} cancelled; fee and refund are in data.cancellation.`,
});
