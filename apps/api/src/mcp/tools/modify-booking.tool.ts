import { ModifyBooking } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { ModifyBookingRequestDto } from '../../bookings/dto/bookings.request.dto';
import { modifyBookingCommand } from '../../bookings/modify-booking-command';
import { BODY_KEY_FIELD } from '../../idempotency/idempotency-key';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody, validUuid } from '../mcp-validation';
import { STAY_DESCRIPTIONS, UUID } from './tool-schemas';

export const modifyBookingTool = defineTool<{ bookingId: string; body: ModifyBookingRequestDto }>({
  name: 'modify_booking',
  title: 'Move a booking to other dates',
  description:
    'Move a confirmed booking to other dates for the traveler who booked it (their delegation JWT); the room moves at once and the policy snapshot follows the new dates. ' +
    'Only for the same number of nights at the same total price: anything else is booking_modification_price_change (detail.old_total, detail.new_total), and then the way is cancel_booking plus a new booking (search, create_quote, ...). ' +
    'Non-refundable, cancelled or already started bookings answer booking_not_modifiable (detail.reason); a full night answers allotment_exhausted (detail.dates). Next: get_booking or get_booking_audit.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  mirrors: { controller: BookingsController, handler: 'modify' },
  input: {
    booking_id: UUID.describe('The booking to move'),
    ...dtoArguments(ModifyBookingRequestDto, {
      omit: [BODY_KEY_FIELD],
      describe: { ...STAY_DESCRIPTIONS, stay: "The new stay: as many nights as the booking's current stay, at the same total" },
    }),
  },
  request: (args) => ({ params: { id: args.booking_id }, body: omit(args, 'booking_id') }),
  validate: ({ params, body }) => ({ bookingId: validUuid(params.id, 'booking_id'), body: validBody(ModifyBookingRequestDto, body) }),
  execute: ({ input, actor, traveler, use }) => use(ModifyBooking).execute(modifyBookingCommand(input.bookingId, input.body), actor, traveler!),
  summarize: ({ data }) => {
    const booking = data as { booking_id: string; stay: { check_in: string; check_out: string } };
    return `Booking ${booking.booking_id} moved to ${booking.stay.check_in} - ${booking.stay.check_out}; price and policy snapshot in data. Next: get_booking.`;
  },
});
