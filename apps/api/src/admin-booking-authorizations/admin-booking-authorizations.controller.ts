import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { CreateBookingAuthorization, GetBookingAuthorization } from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { CreateBookingAuthorizationRequestDto } from './dto/admin-booking-authorizations.request.dto';
import { BookingAuthorizationModel } from './dto/admin-booking-authorizations.response.dto';

@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/booking-authorizations')
export class AdminBookingAuthorizationsController {
  constructor(
    private readonly createAuthorization: CreateBookingAuthorization,
    private readonly getAuthorization: GetBookingAuthorization,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Let one agent make one booking above its booking limit.' })
  @ApiEnvelope(BookingAuthorizationModel, { status: 201, description: 'The authorization (single use).', errors: ['validation_failed', 'agent_not_found'] })
  create(@Body() body: CreateBookingAuthorizationRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.createAuthorization.execute(
      {
        agentId: body.agent_id,
        maxAmount: { amount: body.max_amount.amount, currency: body.max_amount.currency },
        expiresAt: new Date(body.expires_at),
        travelerSub: body.traveler_sub ?? null,
        travelerIss: body.traveler_iss ?? null,
      },
      actor,
    );
  }

  @Get(':id')
  @ApiOperation({ summary: 'A booking authorization and whether it was used.' })
  @ApiEnvelope(BookingAuthorizationModel, { description: 'The authorization.', errors: ['validation_failed', 'booking_authorization_not_found'] })
  get(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getAuthorization.execute({ id }, actor);
  }
}
