import { GetBooking } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { defineTool } from '../mcp-tool';
import { noOtherArguments, omit, validUuid } from '../mcp-validation';
import { READ_ONLY, UUID } from './tool-schemas';

export const getBookingTool = defineTool<{ bookingId: string }>({
  name: 'get_booking',
  title: 'Read a booking',
  description:
    'Read a booking: state (confirmed or cancelled), stay, guests, price breakdown, the policy snapshot frozen at booking time, payment and, once cancelled, the cancellation. Use it before cancel_booking to see the terms.',
  annotations: READ_ONLY,
  mirrors: { controller: BookingsController, handler: 'get' },
  input: { booking_id: UUID },
  request: (args) => ({ params: { id: args.booking_id }, body: omit(args, 'booking_id') }),
  validate: ({ params, body }) => {
    noOtherArguments(body);
    return { bookingId: validUuid(params.id, 'booking_id') };
  },
  execute: ({ input, actor, use }) => use(GetBooking).execute(input, actor),
  summarize: ({ data }) => {
    const booking = data as { booking_id: string; state: string };
    return `Booking ${booking.booking_id} is ${booking.state}.`;
  },
});
