import type { CreateQuoteCommand } from '@hcs/domain';
import type { CreateQuoteRequestDto } from './dto/quotes.request.dto';

/** A validated quote body as the use case's command; REST and MCP both translate here. */
export function quoteCommand(body: CreateQuoteRequestDto): CreateQuoteCommand {
  return {
    hotelId: body.hotel_id,
    roomTypeId: body.room_type_id,
    ratePlanId: body.rate_plan_id,
    stay: { check_in: body.stay.check_in, check_out: body.stay.check_out },
    guests: { adults: body.guests.adults, children: (body.guests.children ?? []).map((c) => ({ age: c.age })) },
  };
}
