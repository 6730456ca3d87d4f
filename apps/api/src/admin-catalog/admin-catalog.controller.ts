import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { Outcome } from '@hcs/contracts';
import {
  CreateProperty,
  CreateRatePlan,
  CreateRoomType,
  DomainError,
  FieldError,
  PromoteProperty,
  PutPolicy,
  ListAdminProperties,
  GetAdminProperty,
  GetInventoryCalendar,
  GetRateCalendar,
  GetFxRates,
  SetDailyRates,
  SetFxRates,
  SetInventory,
  UpdateProperty,
  UpdateRatePlan,
  UpdateRoomType,
} from '@hcs/domain';
import { PageQueryDto } from '../http/dto/page.query.dto';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import {
  CreatePropertyRequestDto,
  CreateRatePlanRequestDto,
  CreateRoomTypeRequestDto,
  DateRangeQueryDto,
  IdParamsDto,
  PolicyParamsDto,
  PutPolicyRequestDto,
  SetFxRatesRequestDto,
  SetInventoryRequestDto,
  SetRatesRequestDto,
  UpdatePropertyRequestDto,
  UpdateRatePlanRequestDto,
  UpdateRoomTypeRequestDto,
} from './dto/admin-catalog.request.dto';
import {
  AdminPropertyDetailModel,
  AdminPropertyModel,
  AdminPropertyPageModel,
  AdminRatePlanModel,
  AdminRoomTypeModel,
  FxTableModel,
  InventoryCalendarModel,
  PolicyRevisionModel,
  RateCalendarModel,
} from './dto/admin-catalog.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/** A PATCH may clear nullable fields with null, never the required ones. */
function refuseNulls(body: object, required: string[]): void {
  const errors: FieldError[] = required.filter((k) => (body as Record<string, unknown>)[k] === null).map((path) => ({ path, message: 'must not be null' }));
  if (errors.length > 0) throw new DomainError('validation_failed', { detail: { field_errors: errors } });
}

/**
 * Supply administration for tenant admins: properties, room types, rate plans, versioned
 * policies, ARI (per-date allotments and rates), FX rates and promotion.
 */
@ApiTags('admin-catalog')
@PrincipalKinds('admin')
@Controller('v1/admin')
export class AdminCatalogController {
  constructor(
    private readonly createProperty: CreateProperty,
    private readonly updateProperty: UpdateProperty,
    private readonly promoteProperty: PromoteProperty,
    private readonly createRoomType: CreateRoomType,
    private readonly updateRoomType: UpdateRoomType,
    private readonly createRatePlan: CreateRatePlan,
    private readonly updateRatePlan: UpdateRatePlan,
    private readonly putPolicy: PutPolicy,
    private readonly inventory: SetInventory,
    private readonly rates: SetDailyRates,
    private readonly fx: SetFxRates,
    private readonly listAdminProperties: ListAdminProperties,
    private readonly getAdminProperty: GetAdminProperty,
    private readonly inventoryCalendar: GetInventoryCalendar,
    private readonly rateCalendar: GetRateCalendar,
    private readonly fxRates: GetFxRates,
  ) {}

  @Get('properties')
  @ReadsFromReplica()
  @ApiOperation({ summary: 'List every property of the tenant, promoted or not' })
  @ApiEnvelope(AdminPropertyPageModel, { description: 'One page, ordered by slug.', errors: ['validation_failed'] })
  listProperties(@CurrentActor() actor: Actor, @Query() query: PageQueryDto) {
    return this.listAdminProperties.execute({ limit: query.limit ?? 20, cursor: query.cursor }, actor);
  }

  @Post('properties')
  @ApiOperation({ summary: 'Create a property (unpromoted)' })
  @ApiEnvelope(AdminPropertyModel, { status: 201, description: 'The new property.', errors: ['validation_failed'] })
  addProperty(@CurrentActor() actor: Actor, @Body() body: CreatePropertyRequestDto) {
    return this.createProperty.execute({ property: body }, actor);
  }

  @Get('properties/:id')
  @ApiOperation({ summary: 'Read a property with room types, rate plans, policy versions and promotion readiness' })
  @ApiEnvelope(AdminPropertyDetailModel, { description: 'The property as admins see it.', errors: ['validation_failed', 'property_not_found'] })
  getProperty(@CurrentActor() actor: Actor, @Param() params: IdParamsDto) {
    return this.getAdminProperty.execute({ propertyId: params.id }, actor);
  }

  @Patch('properties/:id')
  @ApiOperation({ summary: 'Change fields of a property' })
  @ApiEnvelope(AdminPropertyModel, { description: 'The updated property.', errors: ['validation_failed', 'property_not_found'] })
  changeProperty(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: UpdatePropertyRequestDto) {
    refuseNulls(body, ['slug', 'name', 'timezone', 'default_currency', 'amenities', 'images', 'pets_allowed', 'taxes', 'fees']);
    return this.updateProperty.execute({ propertyId: params.id, patch: body }, actor);
  }

  @Post('properties/:id/promote')
  @HttpCode(200)
  @ApiOperation({ summary: 'Promote a property into reads, search and feeds', description: 'property_not_promotable lists every blocker in detail.reasons.' })
  @ApiEnvelope(AdminPropertyModel, { description: 'The promoted property.', errors: ['validation_failed', 'property_not_found', 'property_not_promotable'] })
  promote(@CurrentActor() actor: Actor, @Param() params: IdParamsDto) {
    return this.promoteProperty.execute({ propertyId: params.id }, actor);
  }

  @Put('properties/:id/policies/:code')
  @ApiOperation({
    summary: 'Create or revise a cancellation policy',
    description: 'A change writes a new immutable version and moves every rate plan on the policy to it; the same terms again write nothing.',
  })
  @ApiEnvelope(PolicyRevisionModel, {
    status: 200,
    description: 'The current version (201 when the policy was created).',
    errors: ['validation_failed', 'property_not_found'],
  })
  async revisePolicy(@CurrentActor() actor: Actor, @Param() params: PolicyParamsDto, @Body() body: PutPolicyRequestDto) {
    return this.putPolicy.execute({ propertyId: params.id, code: params.code, policy: body }, actor);
  }

  @Post('properties/:id/room-types')
  @ApiOperation({ summary: 'Create a room type' })
  @ApiEnvelope(AdminRoomTypeModel, { status: 201, description: 'The new room type.', errors: ['validation_failed', 'property_not_found'] })
  addRoomType(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: CreateRoomTypeRequestDto) {
    return this.createRoomType.execute({ propertyId: params.id, roomType: body }, actor);
  }

  @Patch('room-types/:id')
  @ApiOperation({
    summary: 'Change a room type',
    description: 'A new default_inventory also moves every non-overridden night from today on; refused when held + sold would not fit.',
  })
  @ApiEnvelope(AdminRoomTypeModel, { description: 'The updated room type.', errors: ['validation_failed', 'room_type_not_found'] })
  changeRoomType(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: UpdateRoomTypeRequestDto) {
    refuseNulls(body, ['code', 'name', 'max_occupancy', 'amenities', 'images', 'smoking_allowed', 'default_inventory']);
    return this.updateRoomType.execute({ roomTypeId: params.id, patch: body }, actor);
  }

  @Post('room-types/:id/rate-plans')
  @ApiOperation({ summary: 'Create a rate plan' })
  @ApiEnvelope(AdminRatePlanModel, { status: 201, description: 'The new rate plan.', errors: ['validation_failed', 'room_type_not_found'] })
  addRatePlan(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: CreateRatePlanRequestDto) {
    return this.createRatePlan.execute({ roomTypeId: params.id, ratePlan: body }, actor);
  }

  @Patch('rate-plans/:id')
  @ApiOperation({ summary: 'Change a rate plan', description: 'policy_code null detaches the policy: the plan then cannot be quoted.' })
  @ApiEnvelope(AdminRatePlanModel, { description: 'The updated rate plan.', errors: ['validation_failed', 'rate_plan_not_found'] })
  changeRatePlan(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: UpdateRatePlanRequestDto) {
    refuseNulls(body, ['code', 'name', 'base_rate', 'meal_plan']);
    return this.updateRatePlan.execute({ ratePlanId: params.id, patch: body }, actor);
  }

  @Get('room-types/:id/inventory')
  @ReadsFromReplica()
  @ApiOperation({ summary: 'Read the inventory calendar of a room type (inclusive range)' })
  @ApiEnvelope(InventoryCalendarModel, { description: 'Allotment, held, sold and available per night.', errors: ['validation_failed', 'room_type_not_found'] })
  readInventory(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Query() query: DateRangeQueryDto): Promise<Outcome> {
    return this.inventoryCalendar.execute({ roomTypeId: params.id, range: { from: query.from, to: query.to } }, actor);
  }

  @Put('room-types/:id/inventory')
  @ApiOperation({
    summary: 'Set the allotment of a date range (ARI availability)',
    description:
      "from/to inclusive, at most 731 nights. An allotment below a night's held + sold is refused with validation_failed listing the nights in detail.conflicts.",
  })
  @ApiEnvelope(InventoryCalendarModel, { description: 'The range after the change.', errors: ['validation_failed', 'room_type_not_found'] })
  setInventory(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: SetInventoryRequestDto): Promise<Outcome> {
    return this.inventory.execute({ roomTypeId: params.id, range: { from: body.from, to: body.to }, allotment: body.allotment }, actor);
  }

  @Get('rate-plans/:id/rates')
  @ReadsFromReplica()
  @ApiOperation({ summary: 'Read the nightly rates of a rate plan (inclusive range)' })
  @ApiEnvelope(RateCalendarModel, { description: 'Rate per night, per-date or base.', errors: ['validation_failed', 'rate_plan_not_found'] })
  readRates(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Query() query: DateRangeQueryDto): Promise<Outcome> {
    return this.rateCalendar.execute({ ratePlanId: params.id, range: { from: query.from, to: query.to } }, actor);
  }

  @Put('rate-plans/:id/rates')
  @ApiOperation({
    summary: 'Set the nightly rate of a date range (ARI rates)',
    description:
      "amount in minor units of the plan's currency; null removes the per-date rates. by_adults, extra_adult and child_rates price the party on these nights (each night is replaced whole: what is not sent is the plan's).",
  })
  @ApiEnvelope(RateCalendarModel, { description: 'The range after the change.', errors: ['validation_failed', 'rate_plan_not_found'] })
  setRates(@CurrentActor() actor: Actor, @Param() params: IdParamsDto, @Body() body: SetRatesRequestDto): Promise<Outcome> {
    const party = { by_adults: body.by_adults, extra_adult: body.extra_adult, child_rates: body.child_rates };
    return this.rates.execute({ ratePlanId: params.id, range: { from: body.from, to: body.to }, amount: body.amount, party }, actor);
  }

  @Get('fx-rates')
  @ReadsFromReplica()
  @ApiOperation({
    summary: 'Read the FX table used for display conversion',
    description: "The tenant's effective FX rates, used by ?currency= on property reads and to compare budgets in search.",
  })
  @ApiEnvelope(FxTableModel, { description: 'Effective rates of this tenant.' })
  readFx(@CurrentActor() actor: Actor): Promise<Outcome> {
    return this.fxRates.execute({}, actor);
  }

  @Put('fx-rates')
  @ApiOperation({
    summary: "Set this tenant's FX rates",
    description: 'Upserts the given pairs; other pairs stay. Used by ?currency= on property reads and to compare budgets in search.',
  })
  @ApiEnvelope(FxTableModel, { description: 'Effective rates after the change.', errors: ['validation_failed'] })
  setFx(@CurrentActor() actor: Actor, @Body() body: SetFxRatesRequestDto): Promise<Outcome> {
    return this.fx.execute({ rates: body.rates }, actor);
  }
}
