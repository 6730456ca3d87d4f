import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { GetOversellIncident, ListOversellIncidents, ReportOversell, ResolveOversellIncident } from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { ListOversellIncidentsQueryDto, ReportOversellRequestDto, ResolveOversellIncidentRequestDto } from './dto/admin-oversell.request.dto';
import { OversellIncidentModel, OversellIncidentPageModel } from './dto/admin-oversell.response.dto';

/** Oversell incidents of the tenant (docs/back-office.md). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/oversell-incidents')
export class AdminOversellController {
  constructor(
    private readonly listIncidents: ListOversellIncidents,
    private readonly getIncident: GetOversellIncident,
    private readonly reportOversell: ReportOversell,
    private readonly resolveIncident: ResolveOversellIncident,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List oversell incidents, newest first (cursor paged, optionally by state).' })
  @ApiEnvelope(OversellIncidentPageModel, { description: 'One page; data.next_cursor names the next one.', errors: ['validation_failed'] })
  list(@CurrentActor() actor: Actor, @Query() query: ListOversellIncidentsQueryDto): Promise<Outcome> {
    return this.listIncidents.execute({ state: query.state ?? null, limit: query.limit ?? 20, cursor: query.cursor ?? null }, actor);
  }

  @Post('report')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Report a night as oversold: opens its incident (201) or answers the open one (200).',
    description: 'Errors: room_type_not_found (404), oversell_not_detected (409, the night is not oversold; detail has its counters).',
  })
  @ApiEnvelope(OversellIncidentModel, {
    status: 200,
    description: 'The incident already open for the night.',
    errors: ['validation_failed', 'room_type_not_found', 'oversell_not_detected'],
  })
  @ApiEnvelope(OversellIncidentModel, { status: 201, description: 'The incident this report opened (with an oversell.detected event).' })
  report(@CurrentActor() actor: Actor, @Body() body: ReportOversellRequestDto): Promise<Outcome> {
    return this.reportOversell.execute({ roomTypeId: body.room_type_id, date: body.date }, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read an oversell incident.', description: 'Errors: oversell_incident_not_found (404).' })
  @ApiEnvelope(OversellIncidentModel, { description: 'The incident.', errors: ['validation_failed', 'oversell_incident_not_found'] })
  get(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.getIncident.execute({ id }, actor);
  }

  @Post(':id/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Resolve an incident with a note (a resolved incident is answered unchanged).',
    description: 'Errors: oversell_incident_not_found (404).',
  })
  @ApiEnvelope(OversellIncidentModel, { description: 'The resolved incident.', errors: ['validation_failed', 'oversell_incident_not_found'] })
  resolve(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Body() body: ResolveOversellIncidentRequestDto): Promise<Outcome> {
    return this.resolveIncident.execute({ id, note: body.note }, actor);
  }
}
