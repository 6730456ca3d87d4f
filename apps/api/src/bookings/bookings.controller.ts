import { Body, Controller, Get, Headers, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, CurrentTraveler, PrincipalKinds, RequiresDelegation, Scopes, Traveler } from '@hcs/auth';
import { CancelBooking, ConfirmBooking, GetBooking, GetBookingAudit } from '@hcs/domain';
import { AuditResponseDto, BookingResponseDto } from '../chain-dto/chain.response.dto';
import { ApiEnvelope } from '../http/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { CancelBookingRequestDto, CreateBookingRequestDto } from './dto/bookings.request.dto';

const DELEGATION_HEADER = ApiHeader({
  name: 'X-Delegated-User',
  required: true,
  description: 'Delegation JWT (RS256/ES256) of the traveler the agent acts for.',
});

@ApiTags('booking chain')
@ApiBearerAuth()
@Controller('v1/bookings')
export class BookingsController {
  constructor(
    private readonly confirmBooking: ConfirmBooking,
    private readonly getBooking: GetBooking,
    private readonly cancelBooking: CancelBooking,
    private readonly getAudit: GetBookingAudit,
  ) {}

  @Post()
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @Idempotent({ required: true, stillRunning: 'payment_timeout', waitForPaymentBudget: true })
  @DELEGATION_HEADER
  @ApiOperation({
    summary: 'Pay for a live hold and confirm the booking (signed booking_confirmed receipt).',
    description:
      'Errors: hold_not_found (404), hold_expired (410), hold_not_active (409), quote_mismatch (409), payment_failed (402, detail.provider_message), payment_provider_error (502), payment_timeout (504: replay with the same Idempotency-Key), authorization_required / booking_authorization_invalid (409, detail.reason), delegation_required / delegation_invalid / delegation_issuer_unknown (401), idempotency_conflict (409).',
  })
  @ApiEnvelope(BookingResponseDto, 201, 'The confirmed booking.', { receipt: true })
  create(
    @Body() body: CreateBookingRequestDto,
    @Headers('idempotency-key') headerKey: string | undefined,
    @CurrentActor() actor: Actor,
    @CurrentTraveler() traveler: Traveler,
  ): Promise<Outcome> {
    return this.confirmBooking.execute(
      {
        holdId: body.hold_id,
        quoteId: body.quote_id,
        guest: { primary: { full_name: body.guest.primary.full_name, email: body.guest.primary.email, phone: body.guest.primary.phone } },
        payment: { method: body.payment.method, provider_token: body.payment.provider_token, billing_country: body.payment.billing_country },
        bookingAuthorizationId: body.booking_authorization_id ?? null,
        // The idempotency interceptor has already required and checked the key (header or body field).
        idempotencyKey: (headerKey ?? body.idempotency_key) as string,
      },
      actor,
      traveler,
    );
  }

  @Get(':id')
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @ApiOperation({
    summary: 'The current state of a booking.',
    description: "Errors: booking_not_found (404), resource_access_denied (another agent's booking).",
  })
  @ApiEnvelope(BookingResponseDto, 200, 'The booking.')
  get(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getBooking.execute({ bookingId: id }, actor);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @Idempotent({ required: false })
  @DELEGATION_HEADER
  @ApiOperation({
    summary: 'Cancel for the same traveler; fee from the frozen policy snapshot, the rest refunded (booking_cancelled receipt).',
    description: 'Errors: booking_not_found (404), resource_access_denied (other agent or traveler), booking_not_cancellable (409, detail.state).',
  })
  @ApiEnvelope(BookingResponseDto, 200, 'The cancelled booking with its cancellation.', { receipt: true })
  cancel(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: CancelBookingRequestDto,
    @CurrentActor() actor: Actor,
    @CurrentTraveler() traveler: Traveler,
  ): Promise<Outcome> {
    return this.cancelBooking.execute({ bookingId: id, reason: body.reason ?? null }, actor, traveler);
  }

  @Get(':id/audit')
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @ApiOperation({ summary: 'The append-only timeline of the booking, from its quote to the latest event.' })
  @ApiEnvelope(AuditResponseDto, 200, 'The audit items in order.')
  audit(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getAudit.execute({ bookingId: id }, actor);
  }
}
