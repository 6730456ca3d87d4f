import { Body, Controller, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { CreateQuote } from '@hcs/domain';
import { QuoteResponseDto } from '../chain-dto/chain.response.dto';
import { ApiEnvelope } from '../http/api-envelope.decorator';
import { CreateQuoteRequestDto } from './dto/quotes.request.dto';

@ApiTags('booking chain')
@ApiBearerAuth()
@PrincipalKinds('agent')
@Controller('v1/quotes')
export class QuotesController {
  constructor(private readonly createQuote: CreateQuote) {}

  @Post()
  @Scopes('booking:write')
  @ApiOperation({
    summary: 'Price one room for a stay and freeze price and cancellation terms.',
    description:
      'Errors: property_not_found, room_type_not_found, rate_plan_not_found (404), validation_failed (stay rules, occupancy), policy_not_found_for_rate_plan (409). Next: create_hold before expires_at.',
  })
  @ApiEnvelope(QuoteResponseDto, 201, 'The quote, valid until expires_at.', { expires: true })
  create(@Body() body: CreateQuoteRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.createQuote.execute(
      {
        hotelId: body.hotel_id,
        roomTypeId: body.room_type_id,
        ratePlanId: body.rate_plan_id,
        stay: { check_in: body.stay.check_in, check_out: body.stay.check_out },
        guests: { adults: body.guests.adults, children: (body.guests.children ?? []).map((c) => ({ age: c.age })) },
      },
      actor,
    );
  }
}
