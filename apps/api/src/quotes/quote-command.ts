import type { CreateQuoteCommand, Guests } from '@hcs/domain';
import type { GuestsRequestDto } from '../chain-dto/chain.request-parts.dto';
import type { CreateQuoteRequestDto } from './dto/quotes.request.dto';

/** A validated quote body as the use case's command; REST and MCP both translate here. */
export function quoteCommand(body: CreateQuoteRequestDto): CreateQuoteCommand {
  return {
    hotelId: body.hotel_id,
    roomTypeId: body.room_type_id,
    ratePlanId: body.rate_plan_id,
    stay: { check_in: body.stay.check_in, check_out: body.stay.check_out },
    ...(body.rooms ? { rooms: body.rooms.map(party) } : { guests: party(body.guests as GuestsRequestDto) }),
  };
}

const party = (g: GuestsRequestDto): Guests => ({ adults: g.adults, children: (g.children ?? []).map((c) => ({ age: c.age })) });
