import { z } from 'zod';
import { CancelBookingRoom } from '@hcs/domain';
import { RoomNumberParamPipe } from '../../http/room-number-param.pipe';
import { BookingsController } from '../../bookings/bookings.controller';
import { CancelBookingRequestDto } from '../../bookings/dto/bookings.request.dto';
import { BODY_KEY_FIELD } from '../../idempotency/idempotency-key';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody, validUuid } from '../mcp-validation';
import { UUID } from './tool-schemas';

/** The room number as the REST path takes it (`RoomNumberParamPipe`): 1 to 999. */
const ROOM = z.number().int().min(1).max(999);
const roomNumber = new RoomNumberParamPipe();

export const cancelBookingRoomTool = defineTool<{ bookingId: string; room: number; body: CancelBookingRequestDto }>({
  name: 'cancel_booking_room',
  title: 'Cancel one room of a booking',
  description:
    'Cancel one room of a booking made with rooms, for the traveler who booked it (their delegation JWT). The fee comes from the policy snapshot frozen at booking time on that room share of the total (proportional to its subtotal) and the rest of the share is refunded; the answer is the booking and a signed booking_cancelled receipt naming the room. ' +
    'The last room cancelled cancels the booking; cancel_booking cancels every room at once. This cannot be undone: confirm with the traveler first. Next: get_booking.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: true },
  mirrors: { controller: BookingsController, handler: 'cancelRoom' },
  input: {
    booking_id: UUID,
    room: ROOM.describe("The room's 1-based position in the booking's rooms (get_booking lists them)"),
    ...dtoArguments(CancelBookingRequestDto, { omit: [BODY_KEY_FIELD], describe: { reason: 'Recorded with the cancellation and the refund' } }),
  },
  request: (args) => ({ params: { id: args.booking_id, room: String(args.room) }, body: omit(args, 'booking_id', 'room') }),
  validate: ({ params, body }) => ({
    bookingId: validUuid(params.id, 'booking_id'),
    room: roomNumber.transform(String(params.room), { type: 'param', data: 'room' }),
    body: validBody(CancelBookingRequestDto, body),
  }),
  execute: ({ input, actor, traveler, use }) =>
    use(CancelBookingRoom).execute({ bookingId: input.bookingId, room: input.room, reason: input.body.reason ?? null }, actor, traveler!),
  summarize: ({ data }) => {
    const booking = data as { booking_id: string; state: string };
    return `Room cancelled; booking ${booking.booking_id} is ${booking.state}. Fee and refund are in the receipt and the booking's payment.`;
  },
});
