import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, CurrentDelegation, CurrentTraveler, DelegationToken, PrincipalKinds, RequiresDelegation, Scopes, Traveler } from '@hcs/auth';
import {
  CancelBooking,
  CancelBookingRoom,
  ConfirmBooking,
  FindBookingByClientReference,
  GetBooking,
  GetBookingAudit,
  IdempotentRequest,
  ModifyBooking,
  PreviewCancellation,
} from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiDelegationHeader, ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { RoomNumberParamPipe } from '../http/room-number-param.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { CurrentIdempotentRequest } from '../idempotency/idempotent-request.decorator';
import { SandboxScenarioHeader } from '../sandbox/sandbox-scenario.decorator';
import { CancelBookingRequestDto, CreateBookingRequestDto, FindBookingQueryDto, ModifyBookingRequestDto } from './dto/bookings.request.dto';
import { BookingAuditModel, BookingModel, CancellationPreviewModel, ClientReferenceModel } from './dto/bookings.response.dto';
import { confirmationKey, confirmBookingCommand } from './confirm-booking-command';
import { modifyBookingCommand } from './modify-booking-command';

@ApiTags('booking chain')
@ApiBearerAuth()
@ApiTenantHeader()
@Controller('v1/bookings')
export class BookingsController {
  constructor(
    private readonly confirmBooking: ConfirmBooking,
    private readonly getBooking: GetBooking,
    private readonly cancelBooking: CancelBooking,
    private readonly cancelBookingRoom: CancelBookingRoom,
    private readonly getAudit: GetBookingAudit,
    private readonly modifyBooking: ModifyBooking,
    private readonly previewCancellation: PreviewCancellation,
    private readonly findByClientReference: FindBookingByClientReference,
  ) {}

  @Post()
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @SandboxScenarioHeader('confirm_booking')
  @Idempotent({ required: true, unlessBodyField: 'client_reference', stillRunning: 'payment_timeout', waitForPaymentBudget: true, claimOnFirstRead: true })
  @ApiDelegationHeader()
  @Capability({
    id: 'confirm_booking',
    description:
      'Pay for a live hold and confirm the booking for the traveler (X-Delegated-User; Idempotency-Key, or a client_reference, or both); the answer carries a signed booking_confirmed receipt. After payment_timeout or a lost answer, GET /v1/bookings?client_reference= (or replay with the same key) before retrying.',
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Pay for a live hold and confirm the booking (signed booking_confirmed receipt).',
    description:
      'Optional client_reference (1-64 of A-Z a-z 0-9 . _ : -, unique per agent): a second confirmation with it answers the booking already made for it (no second charge), and Idempotency-Key becomes optional. Without a valid traveler delegation: delegation_required, delegation_invalid or delegation_issuer_unknown (401).',
  })
  @ApiEnvelope(BookingModel, {
    status: 201,
    description: 'The confirmed booking with its booking_confirmed receipt; next_actions: get, cancel, get_audit.',
    errors: [
      'validation_failed',
      'hold_not_found',
      'quote_mismatch',
      'hold_not_active',
      ['authorization_required', 'detail.reason'],
      ['booking_authorization_invalid', 'detail.reason'],
      'idempotency_conflict',
      ['client_reference_conflict', 'the reference names another hold'],
      'hold_expired',
      ['payment_failed', 'detail.provider_message'],
      'payment_provider_error',
      ['payment_timeout', 'replay with the same Idempotency-Key'],
    ],
    receipt: true,
  })
  create(
    @Body() body: CreateBookingRequestDto,
    @Headers('idempotency-key') headerKey: string | undefined,
    @CurrentActor() actor: Actor,
    @CurrentTraveler() traveler: Traveler,
    @CurrentDelegation() delegation: DelegationToken,
    @CurrentIdempotentRequest() idempotency: IdempotentRequest | null,
  ): Promise<Outcome> {
    // The idempotency interceptor has already required and checked the key (header or body field).
    return this.confirmBooking.execute(
      { ...confirmBookingCommand(body, confirmationKey(headerKey ?? body.idempotency_key, body)), delegation, idempotency },
      actor,
      traveler,
    );
  }

  @Get()
  @PrincipalKinds('agent')
  @Scopes('booking:read')
  @Capability({
    id: 'find_booking',
    description:
      'What became of a confirmation sent with a client_reference: confirmed (with the booking), failed (with error_code) or pending (payment in flight; ask again after retry_after). After a timeout, look here before retrying.',
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Find your booking by the client_reference you confirmed it with.',
    description:
      'Answers the definite state forever after: confirmed (data.booking), failed (data.error_code, data.error_detail) or pending (data.retry_after seconds).',
  })
  @ApiEnvelope(ClientReferenceModel, {
    description: 'The state of the reference; next_actions: cancel, get_audit once confirmed; retry while pending.',
    errors: ['validation_failed', ['booking_not_found', 'nothing was recorded for this reference; confirming with it is safe']],
  })
  find(@Query() query: FindBookingQueryDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.findByClientReference.execute({ clientReference: query.client_reference }, actor);
  }

  @Get(':id')
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @Capability({
    id: 'get_booking',
    description: 'Read a booking: state, price breakdown, frozen policy snapshot, payment, traveler and, once cancelled, the cancellation.',
    next_rel: 'cancel',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'The current state of a booking.',
    description: "Another agent's booking answers resource_access_denied (403).",
  })
  @ApiEnvelope(BookingModel, {
    description: 'The booking; next_actions: cancel (while confirmed), get_audit, get_refund (once refunded).',
    errors: ['validation_failed', 'booking_not_found'],
  })
  get(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getBooking.execute({ bookingId: id }, actor);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @SandboxScenarioHeader('cancel_booking')
  @Idempotent({ required: false })
  @ApiDelegationHeader()
  @Capability({
    id: 'cancel_booking',
    description:
      'Cancel for the traveler who booked (X-Delegated-User, optional Idempotency-Key): the fee comes from the frozen policy snapshot, the rest is refunded; the answer carries a signed booking_cancelled receipt.',
    next_rel: 'get_refund',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Cancel for the same traveler; fee from the frozen policy snapshot, the rest refunded (booking_cancelled receipt).',
    description: 'Another agent or traveler answers resource_access_denied (403).',
  })
  @ApiEnvelope(BookingModel, {
    description: 'The cancelled booking with its cancellation and booking_cancelled receipt; next_actions: get_audit, get_refund (when a refund was issued).',
    errors: [
      'validation_failed',
      'booking_not_found',
      ['booking_not_cancellable', 'detail.state'],
      'idempotency_conflict',
      'refund_exceeds_remaining',
      ['payment_provider_error', 'the refund could not be made; nothing changed, retry'],
    ],
    receipt: true,
  })
  cancel(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: CancelBookingRequestDto,
    @CurrentActor() actor: Actor,
    @CurrentTraveler() traveler: Traveler,
  ): Promise<Outcome> {
    return this.cancelBooking.execute({ bookingId: id, reason: body.reason ?? null }, actor, traveler);
  }

  @Post(':id/rooms/:room/cancel')
  @HttpCode(200)
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @Idempotent({ required: false })
  @ApiDelegationHeader()
  @ApiParam({ name: 'room', schema: { type: 'integer', minimum: 1 }, description: "The room's 1-based position in the booking's rooms." })
  @Capability({
    id: 'cancel_booking_room',
    description:
      'Cancel one room of a booking made with rooms, for the traveler who booked (X-Delegated-User, optional Idempotency-Key): the fee comes from the frozen policy snapshot on the room share of the total, the rest of that share is refunded; the last room cancelled cancels the booking.',
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Cancel one room of a booking; fee from the frozen policy on its share (booking_cancelled receipt naming the room).',
    description:
      "The room's share of the stay's total is proportional to its subtotal (docs/booking-chain.md, Several rooms). Another agent or traveler answers resource_access_denied (403).",
  })
  @ApiEnvelope(BookingModel, {
    description:
      "The booking with the room's state cancelled (the booking itself once no room is left) and a booking_cancelled receipt whose subject names the room.",
    errors: [
      'validation_failed',
      'booking_not_found',
      ['booking_room_not_found', 'the booking has no such room (or was made with guests)'],
      ['booking_not_cancellable', 'detail.state, detail.room'],
      'idempotency_conflict',
      'refund_exceeds_remaining',
      ['payment_provider_error', 'the refund could not be made; nothing changed, retry'],
    ],
    receipt: true,
  })
  cancelRoom(
    @Param('id', UuidParamPipe) id: string,
    @Param('room', RoomNumberParamPipe) room: number,
    @Body() body: CancelBookingRequestDto,
    @CurrentActor() actor: Actor,
    @CurrentTraveler() traveler: Traveler,
  ): Promise<Outcome> {
    return this.cancelBookingRoom.execute({ bookingId: id, room, reason: body.reason ?? null }, actor, traveler);
  }

  @Get(':id/audit')
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @Capability({
    id: 'get_booking_audit',
    description: 'Read the append-only timeline of a booking, from its quote to the latest event, with actor, traveler and trace id.',
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({ summary: 'The append-only timeline of the booking, from its quote to the latest event.' })
  @ApiEnvelope(BookingAuditModel, { description: 'The audit items in order; next_actions: get.', errors: ['validation_failed', 'booking_not_found'] })
  audit(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.getAudit.execute({ bookingId: id }, actor);
  }

  @Get(':id/cancellation-preview')
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @ApiDelegationHeader()
  @Capability({
    id: 'preview_cancellation',
    description:
      'What cancelling now would cost, by the same rule as cancel (fee, refund, policy version, free_until while free); send the X-Delegated-User you will cancel with. Changes nothing.',
    next_rel: 'cancel',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Preview the fee and refund of cancelling now (same rule and access as cancel; changes nothing).',
    description:
      'Needs the delegation of the traveler who booked, as cancel does, so a successful preview means the cancel will be accepted. Another agent or traveler answers resource_access_denied (403).',
  })
  @ApiEnvelope(CancellationPreviewModel, {
    description: 'fee, refund, policy_version and, while cancelling is free, free_until; next_actions: cancel, get.',
    errors: ['validation_failed', 'booking_not_found', ['booking_not_cancellable', 'detail.state, detail.reason']],
  })
  preview(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor, @CurrentTraveler() traveler: Traveler): Promise<Outcome> {
    return this.previewCancellation.execute({ bookingId: id }, actor, traveler);
  }

  @Post(':id/modify')
  @HttpCode(200)
  @PrincipalKinds('agent')
  @Scopes('booking:write')
  @RequiresDelegation()
  @Idempotent({ required: false })
  @ApiDelegationHeader()
  @Capability({
    id: 'modify_booking',
    description:
      'Move a booking to other dates of the same length and the same total for the traveler who booked (X-Delegated-User, optional Idempotency-Key); the room moves atomically.',
    next_rel: 'cancel',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Move the booking to another stay of the same number of nights and the same total.',
    description: 'Another agent or traveler answers resource_access_denied (403).',
  })
  @ApiEnvelope(BookingModel, {
    description: 'The booking with its new stay, price breakdown and policy snapshot; next_actions: cancel, get_audit.',
    errors: [
      'validation_failed',
      'booking_not_found',
      ['booking_not_modifiable', 'detail.state and detail.reason: cancelled, stay_started, non_refundable'],
      ['booking_modification_price_change', 'detail.old_total, detail.new_total'],
      ['allotment_exhausted', 'detail.dates'],
      'idempotency_conflict',
    ],
  })
  modify(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: ModifyBookingRequestDto,
    @CurrentActor() actor: Actor,
    @CurrentTraveler() traveler: Traveler,
  ): Promise<Outcome> {
    return this.modifyBooking.execute(modifyBookingCommand(id, body), actor, traveler);
  }
}
