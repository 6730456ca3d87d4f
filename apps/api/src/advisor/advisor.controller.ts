import { Body, Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { AskAdvisor, GetAdvisorSession, StartAdvisorSession } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { AdvisorMessageRequestDto, AdvisorSessionQueryDto, StartAdvisorSessionRequestDto } from './dto/advisor.request.dto';
import { AdvisorSessionModel } from './dto/advisor.response.dto';

/** The property advisor (docs/advisor.md): answers grounded in the property read model only. */
@ApiTags('advisor')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('agent', 'admin')
@Scopes('catalog:read')
@Controller('v1/advisor/sessions')
export class AdvisorController {
  constructor(
    private readonly start: StartAdvisorSession,
    private readonly ask: AskAdvisor,
    private readonly read: GetAdvisorSession,
  ) {}

  @Post()
  @Capability({
    id: 'start_advisor_session',
    description:
      'Open an advisor chat about one property (locale en, pt or es): it answers from the property facts only and points to search and quote for prices.',
    next_rel: 'get',
    idempotent: false,
  })
  @ApiOperation({
    summary: 'Open an advisor session on a property.',
    description: 'Errors: property_not_found (404). The session lives ADVISOR_SESSION_TTL_SECONDS after its last message (envelope expires_at).',
  })
  @ApiEnvelope(AdvisorSessionModel, {
    status: 201,
    description: 'The session with its welcome message; next_actions: get, search.',
    errors: ['validation_failed', 'property_not_found'],
    expiresAt: true,
  })
  create(@Body() body: StartAdvisorSessionRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.start.execute({ propertySlug: body.property_slug, locale: body.locale ?? null }, actor);
  }

  @Post(':id/messages')
  @Capability({
    id: 'ask_advisor',
    description:
      'Ask the advisor a question about the property: amenities, pets, check-in/out, room types, accessibility, location. Never a price, availability or cancellation term: those come from a quote.',
    next_rel: 'get',
    idempotent: false,
  })
  @ApiOperation({
    summary: 'Ask a question; the answer names the facts it used and suggests next steps.',
    description:
      'Errors: advisor_session_not_found (404, also for another principal or tenant), advisor_session_expired (410), advisor_session_full (409: the session holds ADVISOR_SESSION_MAX_MESSAGES messages; start a new one).',
  })
  @ApiEnvelope(AdvisorSessionModel, {
    status: 201,
    description: 'The session fields with `messages` = the question and its answer only, and `next_cursor`; next_actions: get, search.',
    errors: ['validation_failed', 'advisor_session_not_found', 'advisor_session_expired', 'advisor_session_full'],
    expiresAt: true,
  })
  message(@Param('id') id: string, @Body() body: AdvisorMessageRequestDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.ask.execute({ sessionId: id, message: body.message }, actor);
  }

  @Get(':id')
  @Capability({ id: 'get_advisor_session', description: 'Read an advisor session with every message so far.', next_rel: 'search', idempotent: true })
  @ApiOperation({
    summary: 'Read an advisor session.',
    description: 'With `cursor` and/or `limit`: the messages after the cursor only. Errors: advisor_session_not_found (404), advisor_session_expired (410).',
  })
  @ApiEnvelope(AdvisorSessionModel, {
    description: 'The session; next_actions: get, search.',
    errors: ['validation_failed', 'advisor_session_not_found', 'advisor_session_expired'],
    expiresAt: true,
  })
  get(@Param('id') id: string, @Query() query: AdvisorSessionQueryDto, @CurrentActor() actor: Actor): Promise<Outcome> {
    return this.read.execute({ sessionId: id, cursor: query.cursor, limit: query.limit }, actor);
  }
}
