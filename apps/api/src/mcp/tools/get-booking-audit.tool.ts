import { GetBookingAudit } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { defineTool } from '../mcp-tool';
import { noOtherArguments, omit, validUuid } from '../mcp-validation';
import { READ_ONLY, UUID } from './tool-schemas';

export const getBookingAuditTool = defineTool<{ bookingId: string }>({
  name: 'get_booking_audit',
  title: 'Read the booking timeline',
  description:
    'Read the append-only timeline of a booking, from its quote to the latest event (hold, confirmation, payment, cancellation, refund), with actor, traveler and trace id.',
  annotations: READ_ONLY,
  mirrors: { controller: BookingsController, handler: 'audit' },
  input: { booking_id: UUID },
  request: (args) => ({ params: { id: args.booking_id }, body: omit(args, 'booking_id') }),
  validate: ({ params, body }) => {
    noOtherArguments(body);
    return { bookingId: validUuid(params.id, 'booking_id') };
  },
  execute: ({ input, actor, use }) => use(GetBookingAudit).execute(input, actor),
  summarize: ({ data }) => `${(data as { items: unknown[] }).items.length} audit event(s).`,
});
