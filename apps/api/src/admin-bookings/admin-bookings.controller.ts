import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { CancelBooking, ListBookings, PreviewCancellation } from '@hcs/domain';
import { BookingModel, CancellationPreviewModel } from '../bookings/dto/bookings.response.dto';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { AdminCancelBookingRequestDto, ListBookingsQueryDto } from './dto/admin-bookings.request.dto';
import { BookingPageModel } from './dto/admin-bookings.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/** Tenant admins find bookings and cancel them on the traveler's behalf (docs/booking-chain.md). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/bookings')
export class AdminBookingsController {
  constructor(
    private readonly listBookings: ListBookings,
    private readonly cancelBooking: CancelBooking,
    private readonly previewCancellation: PreviewCancellation,
  ) {}

  @Get()
  @ReadsFromReplica()
  @ApiOperation({
    summary: 'Find bookings by id, agent, traveler, state or stay dates, newest first (cursor paged).',
    description: 'Filters combine with AND; stay_from/stay_to keep stays with at least one night in the range.',
  })
  @ApiEnvelope(BookingPageModel, { description: 'One page of bookings; next_actions: get for each.', errors: ['validation_failed'] })
  list(@CurrentActor() actor: Actor, @Query() query: ListBookingsQueryDto): Promise<Outcome> {
    return this.listBookings.execute(
      {
        bookingId: query.booking_id,
        agentId: query.agent_id,
        travelerSub: query.traveler_sub,
        state: query.state,
        stayFrom: query.stay_from,
        stayTo: query.stay_to,
        limit: query.limit ?? 20,
        cursor: query.cursor,
      },
      actor,
    );
  }

  @Get(':id/cancellation-preview')
  @ApiOperation({
    summary: "What cancelling now on the traveler's behalf would cost (same rule as cancel; changes nothing).",
    description: 'The admin counterpart of GET /v1/bookings/{id}/cancellation-preview, without a delegation.',
  })
  @ApiEnvelope(CancellationPreviewModel, {
    description: 'fee, refund, policy_version and free_until while cancelling is free; next_actions: cancel, get.',
    errors: ['validation_failed', 'booking_not_found', 'booking_not_cancellable'],
  })
  preview(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.previewCancellation.execute({ bookingId: id }, actor, null);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @ApiOperation({
    summary: "Cancel a booking on its traveler's behalf (no delegation); same fee and refund rules as the agent cancel.",
  })
  @ApiEnvelope(BookingModel, {
    description: 'The cancelled booking with its cancellation and booking_cancelled receipt; next_actions: get_refund, get_audit.',
    errors: [
      'validation_failed',
      'booking_not_found',
      ['booking_not_cancellable', 'detail.state and detail.reason'],
      'refund_exceeds_remaining',
      'payment_provider_error',
    ],
    receipt: true,
  })
  cancel(@Param('id', UuidParamPipe) id: string, @Body() body: AdminCancelBookingRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.cancelBooking.execute({ bookingId: id, reason: body.reason ?? null }, actor, null);
  }
}
