import type { ModifyBookingCommand } from '@hcs/domain';
import type { ModifyBookingRequestDto } from './dto/bookings.request.dto';

/** A validated modify body for one booking as the use case's command; REST and MCP both translate here. */
export function modifyBookingCommand(bookingId: string, body: ModifyBookingRequestDto): ModifyBookingCommand {
  return { bookingId, stay: { check_in: body.stay.check_in, check_out: body.stay.check_out } };
}
