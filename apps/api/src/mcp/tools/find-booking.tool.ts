import { CLIENT_REFERENCE_RULE, FindBookingByClientReference } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { FindBookingQueryDto } from '../../bookings/dto/bookings.request.dto';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { validBody } from '../mcp-validation';
import { READ_ONLY } from './tool-schemas';

export const findBookingTool = defineTool<FindBookingQueryDto>({
  name: 'find_booking',
  title: 'Find a booking by your client_reference',
  description:
    'What became of a confirm_booking call sent with a client_reference: state confirmed (with the booking), failed (with error_code) or pending (a payment is in flight: call again after retry_after seconds). ' +
    'After a timeout or a lost answer, call this before retrying confirm_booking; booking_not_found means nothing was recorded and confirming again with the same client_reference is safe.',
  annotations: READ_ONLY,
  mirrors: { controller: BookingsController, handler: 'find' },
  input: dtoArguments(FindBookingQueryDto, { describe: { client_reference: `The client_reference sent with confirm_booking (${CLIENT_REFERENCE_RULE})` } }),
  validate: ({ body }) => validBody(FindBookingQueryDto, body, 'query'),
  execute: ({ input, actor, use }) => use(FindBookingByClientReference).execute({ clientReference: input.client_reference }, actor),
  summarize: ({ data }) => {
    const found = data as {
      client_reference: string;
      state: string;
      error_code: string | null;
      retry_after: number | null;
      booking: { booking_id: string } | null;
    };
    if (found.state === 'confirmed') return `client_reference ${found.client_reference} is confirmed: booking ${found.booking?.booking_id}.`;
    if (found.state === 'failed') return `client_reference ${found.client_reference} failed with ${found.error_code}.`;
    return `client_reference ${found.client_reference} is pending: a payment is in flight; ask again in ${found.retry_after} s.`;
  },
});
