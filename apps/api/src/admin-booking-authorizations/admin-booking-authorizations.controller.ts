import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { CreateBookingAuthorization, GetBookingAuthorization } from '@hcs/domain';
import { BookingAuthorizationResponseDto } from '../chain-dto/chain.response.dto';
import { ApiEnvelope } from '../http/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { CreateBookingAuthorizationRequestDto } from './dto/admin-booking-authorizations.request.dto';

@ApiTags('admin')
@ApiBearerAuth()
@PrincipalKinds('admin')
@Controller('v1/admin/booking-authorizations')
export class AdminBookingAuthorizationsController {
  constructor(
    private readonly createAuthorization: CreateBookingAuthorization,
    private readonly getAuthorization: GetBookingAuthorization,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Let one agent make one booking above its booking limit.', description: 'Errors: agent_not_found (404), validation_failed.' })
  @ApiEnvelope(BookingAuthorizationResponseDto, 201, 'The authorization (single use).')
  create(@Body() body: CreateBookingAuthorizationRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.createAuthorization.execute(
      {
        agentId: body.agent_id,
        maxAmount: { amount: body.max_amount.amount, currency: body.max_amount.currency },
        expiresAt: new Date(body.expires_at),
        travelerSub: body.traveler_sub ?? null,
      },
      actor,
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'A booking authorization and whether it was used.', description: 'Errors: booking_authorization_not_found (404).' })
  @ApiEnvelope(BookingAuthorizationResponseDto, 200, 'The authorization.')
  get(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getAuthorization.execute({ id }, actor);
  }
}
