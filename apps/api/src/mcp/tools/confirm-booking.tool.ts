import { CLIENT_REFERENCE_RULE, ConfirmBooking } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { confirmationKey, confirmBookingCommand } from '../../bookings/confirm-booking-command';
import { CreateBookingRequestDto } from '../../bookings/dto/bookings.request.dto';
import { BODY_KEY_FIELD } from '../../idempotency/idempotency-key';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { validBody } from '../mcp-validation';

export const confirmBookingTool = defineTool<CreateBookingRequestDto>({
  name: 'confirm_booking',
  title: 'Book the held room',
  description:
    'Pay for a live hold and confirm the booking for the traveler. Needs hold_id and quote_id from the previous steps, the guest, a payment token, an idempotency_key or a client_reference (or both) and the traveler delegation JWT. ' +
    'The answer carries a signed booking_confirmed receipt. After payment_timeout or a lost answer, call find_booking with your client_reference (or call again with the same idempotency_key) before retrying: a new key without a client_reference risks a double charge. Next: get_booking.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  mirrors: { controller: BookingsController, handler: 'create' },
  input: dtoArguments(CreateBookingRequestDto, {
    omit: [BODY_KEY_FIELD],
    describe: {
      'payment.provider_token': 'Card token from the payment provider; sandbox: tok_visa, tok_mastercard, tok_chargeDeclined',
      booking_authorization_id: 'Needed only when the total exceeds the agent booking limit (authorization_required)',
      client_reference: `Your own name for this booking, unique per agent (${CLIENT_REFERENCE_RULE}). Calling again with it answers the booking already made for it; find_booking tells what it became. With it, idempotency_key is optional`,
    },
  }),
  validate: ({ body }) => validBody(CreateBookingRequestDto, body),
  execute: ({ input, actor, traveler, delegation, idempotencyKey, idempotency, use }) =>
    use(ConfirmBooking).execute(
      { ...confirmBookingCommand(input, confirmationKey(idempotencyKey ?? undefined, input)), delegation, idempotency },
      actor,
      traveler!,
    ),
  summarize: ({ data }) => `Booking ${(data as { booking_id: string }).booking_id} confirmed; the receipt is in the envelope. Next: get_booking.`,
});
