import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { Outcome } from '@hcs/contracts';
import { GetStayRestrictions, SetStayRestrictions, STAY_RESTRICTION_FIELDS, StayRestrictions } from '@hcs/domain';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';
import { DateRangeQueryDto, IdParamsDto } from './dto/admin-catalog.request.dto';
import { SetStayRestrictionsRequestDto } from './dto/stay-restrictions.request.dto';
import { StayRestrictionCalendarModel } from './dto/stay-restrictions.response.dto';

/** The restriction fields a body carries: sent ones only (`null` included), so absent ones stay. */
function sentValues(body: SetStayRestrictionsRequestDto): Partial<StayRestrictions> {
  const values: Partial<Record<keyof StayRestrictions, unknown>> = {};
  for (const field of STAY_RESTRICTION_FIELDS) if (body[field] !== undefined) values[field] = body[field];
  return values as Partial<StayRestrictions>;
}

/** ARI restrictions of rate plans (docs/catalog.md "Stay restrictions"): same tenancy, auth and range rules as the rates route. */
@ApiTags('admin-catalog')
@PrincipalKinds('admin')
@Controller('v1/admin')
export class AdminStayRestrictionsController {
  constructor(
    private readonly setRestrictions: SetStayRestrictions,
    private readonly getRestrictions: GetStayRestrictions,
  ) {}

  @Get('rate-plans/:id/restrictions')
  @ReadsFromReplica()
  @ApiOperation({ summary: 'Read the stay restrictions of a rate plan (inclusive range)' })
  @ApiEnvelope(StayRestrictionCalendarModel, {
    description: 'One item per date, every field present (null where unset).',
    errors: ['validation_failed', 'rate_plan_not_found'],
  })
  read(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Query() query: DateRangeQueryDto): Promise<Outcome> {
    return this.getRestrictions.execute({ ratePlanId: params.id, range: { from: query.from, to: query.to } }, actor);
  }

  @Put('rate-plans/:id/restrictions')
  @ApiOperation({
    summary: 'Set the stay restrictions of a date range (ARI restrictions)',
    description:
      'from/to inclusive, at most 731 dates; days_of_week limits the change to those days. A field sent as null clears it, a field not sent is left alone. A maximum below its minimum is validation_failed.',
  })
  @ApiEnvelope(StayRestrictionCalendarModel, { description: 'The range after the change.', errors: ['validation_failed', 'rate_plan_not_found'] })
  set(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: SetStayRestrictionsRequestDto): Promise<Outcome> {
    return this.setRestrictions.execute(
      { ratePlanId: params.id, range: { from: body.from, to: body.to }, daysOfWeek: body.days_of_week ?? null, values: sentValues(body) },
      actor,
    );
  }
}
