import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { AcceptsDelegation, Actor, CurrentActor, OptionalTraveler, PrincipalKinds, RequiresDelegation, Scopes, Traveler } from '@hcs/auth';
import { CreateFollowUp, ListFollowUps } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { CreateFollowUpRequestDto } from './dto/follow-ups.request.dto';
import { FollowUpListModel, FollowUpModel } from './dto/follow-ups.response.dto';

const DELEGATION_DESCRIPTION =
  'Delegation JWT of the booking\'s traveler (required for agents, not for tenant admins); see /.well-known/delegation-issuers. A leading "Bearer " is tolerated.';

/** Guest follow-ups of a booking (docs/follow-ups.md). */
@ApiTags('guest follow-ups')
@ApiBearerAuth()
@ApiTenantHeader()
@Controller('v1/bookings/:id/follow-ups')
export class FollowUpsController {
  constructor(
    private readonly createFollowUp: CreateFollowUp,
    private readonly listFollowUps: ListFollowUps,
  ) {}

  @Post()
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:write')
  @RequiresDelegation({ requiredFor: ['agent'] })
  @Idempotent({ required: false })
  @ApiHeader({ name: 'X-Delegated-User', required: false, description: DELEGATION_DESCRIPTION })
  @Capability({
    id: 'create_follow_up',
    description:
      "Schedule a message to the booking's guest (kind pre_arrival, special_request_ack, post_stay or custom; message plain text up to 2,000 characters, required for custom; send_at default now) for the booking's traveler (X-Delegated-User) or as a tenant admin; the worker sends it at send_at. Capped per booking and per tenant per day (rate_limited).",
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({
    summary: "Schedule a follow-up message to the booking's guest; the worker sends it at send_at.",
    description:
      "Agents: the booking's own agent, with a delegation of the booking's traveler. Tenant admins: any booking of the tenant. validation_failed also for a send_at in the past, a custom follow-up without message, and a message with links (plain text only; https links to the tenant's link_domains allowed). rate_limited (with retry_after) past FOLLOW_UP_MAX_PER_BOOKING_PER_DAY or FOLLOW_UP_MAX_PER_TENANT_PER_DAY in a rolling day.",
  })
  @ApiEnvelope(FollowUpModel, {
    status: 201,
    description: 'The scheduled follow-up; next_actions: get (the booking), get_audit.',
    errors: ['validation_failed', 'booking_not_found', 'idempotency_conflict', 'rate_limited'],
  })
  create(
    @Param('id', UuidParamPipe) id: string,
    @Body() body: CreateFollowUpRequestDto,
    @CurrentActor() actor: Actor,
    @OptionalTraveler() traveler: Traveler | null,
  ): Promise<Outcome> {
    return this.createFollowUp.execute({ bookingId: id, kind: body.kind, message: body.message ?? null, sendAt: body.send_at ?? null }, actor, traveler);
  }

  @Get()
  @PrincipalKinds('agent', 'admin')
  @Scopes('booking:read')
  @AcceptsDelegation()
  @ApiHeader({ name: 'X-Delegated-User', required: false, description: DELEGATION_DESCRIPTION })
  @Capability({
    id: 'list_follow_ups',
    description: "List the booking's follow-ups with their state; a sent one shows exactly what the guest received (rendered).",
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({ summary: "The booking's follow-ups, oldest first." })
  @ApiEnvelope(FollowUpListModel, {
    description: 'The follow-ups in data.items; next_actions: get, get_audit.',
    errors: ['validation_failed', 'booking_not_found'],
  })
  list(@Param('id', UuidParamPipe) id: string, @CurrentActor() actor: Actor, @OptionalTraveler() traveler: Traveler | null): Promise<Outcome> {
    return this.listFollowUps.execute({ bookingId: id }, actor, traveler);
  }
}
