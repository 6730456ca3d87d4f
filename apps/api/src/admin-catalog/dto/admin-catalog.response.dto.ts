import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { MoneyModel } from '../../http/openapi/envelope.models';
import { PaymentTermsModel } from '../../chain-dto/chain.response-parts.dto';
import { FeeModel, PolicyModel, PropertyModel, RoomTypeModel, TaxModel } from '../../properties/dto/properties.response.dto';

export class AdminPropertyModel extends PropertyModel {
  @ApiProperty({ type: [String] }) amenities: string[];
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() pets_allowed: boolean;
  @ApiProperty({ type: Number, nullable: true }) number_of_rooms: number | null;
  @ApiProperty({ type: String, nullable: true }) checkin_time: string | null;
  @ApiProperty({ type: String, nullable: true }) checkout_time: string | null;
  @ApiProperty({ type: [TaxModel] }) taxes: TaxModel[];
  @ApiProperty({ type: [FeeModel] }) fees: FeeModel[];
  @ApiProperty() promoted: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) promoted_at: string | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class AdminPropertyPageModel {
  @ApiProperty({ type: [AdminPropertyModel] }) items: AdminPropertyModel[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class AdminRoomTypeModel extends OmitType(RoomTypeModel, ['rate_plans'] as const) {
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class ChildRateModel {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 17, description: 'Oldest age of the bracket.' }) max_age: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Minor units per child per night.' }) amount: number;
}

export class OccupancyPricingModel {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Adults the nightly amount is for (default min(2, max_occupancy)).' }) base_adults: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'Minor units per night per adult above base_adults (default 0).' }) extra_adult: number;
  @ApiProperty({ type: [ChildRateModel], description: 'Ascending max_age; a child older than every bracket pays extra_adult; empty: children free.' })
  child_rates: ChildRateModel[];
}

export class AdminRatePlanModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: MoneyModel }) base_rate: MoneyModel;
  @ApiProperty({ description: 'Major units.' }) base_rate_per_night: number;
  @ApiProperty() meal_plan: string;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) policy_id: string | null;
  @ApiProperty({ type: String, nullable: true }) policy_version: string | null;
  @ApiProperty({ type: String, nullable: true }) cancellation_kind: string | null;
  @ApiProperty({ type: OccupancyPricingModel, description: "Party pricing, the defaults filled (docs/catalog.md 'Party pricing')." })
  occupancy_pricing: OccupancyPricingModel;
  @ApiProperty({ type: PaymentTermsModel, description: "How the plan takes its money, {kind: 'prepay'} when unset (docs/payments.md 'Payment terms')." })
  payment_terms: PaymentTermsModel;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class AdminPolicyModel extends PolicyModel {
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class PolicyRevisionModel extends AdminPolicyModel {
  @ApiProperty({ description: 'False when the terms sent were already the current version (nothing written).' }) created: boolean;
  @ApiProperty({ type: 'integer' }) rate_plans_repointed: number;
}

export class AdminRoomTypeWithPlansModel extends AdminRoomTypeModel {
  @ApiProperty({ type: [AdminRatePlanModel] }) rate_plans: AdminRatePlanModel[];
}

export class AdminPolicyWithVersionsModel extends AdminPolicyModel {
  @ApiProperty({ type: [AdminPolicyModel] }) versions: AdminPolicyModel[];
}

export class PromotionBlockerModel {
  @ApiProperty({ enum: ['no_address', 'no_geo', 'no_room_type', 'room_type_without_rate_plan', 'no_rate_plan', 'rate_plan_without_policy'] }) code: string;
  @ApiProperty() message: string;
  @ApiPropertyOptional({ format: 'uuid' }) room_type_id?: string;
  @ApiPropertyOptional({ format: 'uuid' }) rate_plan_id?: string;
}

export class PromotionStatusModel {
  @ApiProperty() promotable: boolean;
  @ApiProperty({ type: [PromotionBlockerModel] }) reasons: PromotionBlockerModel[];
}

export class AdminPropertyDetailModel extends AdminPropertyModel {
  @ApiProperty({ type: [AdminRoomTypeWithPlansModel] }) room_types: AdminRoomTypeWithPlansModel[];
  @ApiProperty({ type: [AdminPolicyWithVersionsModel] }) policies: AdminPolicyWithVersionsModel[];
  @ApiProperty({ type: PromotionStatusModel }) promotion: PromotionStatusModel;
}

export class InventoryNightModel {
  @ApiProperty({ example: '2027-05-01' }) night: string;
  @ApiProperty({ type: 'integer' }) allotment: number;
  @ApiProperty({ description: 'True when set per date; false when it follows default_inventory.' }) overridden: boolean;
  @ApiProperty({ type: 'integer' }) held: number;
  @ApiProperty({ type: 'integer' }) sold: number;
  @ApiProperty({ type: 'integer' }) available: number;
}

export class InventoryCalendarModel {
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ type: 'integer' }) default_inventory: number;
  @ApiProperty({ type: [InventoryNightModel] }) nights: InventoryNightModel[];
}

export class DailyRateModel {
  @ApiProperty({ example: '2027-05-01' }) night: string;
  @ApiProperty({ type: 'integer', description: 'Minor units.' }) amount: number;
  @ApiProperty({ description: 'True for a per-date rate; false when the base rate applies.' }) overridden: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    nullable: true,
    example: { '1': 8000, '3': 15000 },
    description: "The night's price for exactly that many adults; null: the formula applies.",
  })
  by_adults: Record<string, number> | null;
  @ApiProperty({ type: 'integer', nullable: true, description: "The night's own extra_adult; null: the plan's." }) extra_adult: number | null;
  @ApiProperty({ type: [ChildRateModel], nullable: true, description: "The night's own child brackets; null: the plan's." }) child_rates:
    ChildRateModel[] | null;
}

export class RateCalendarModel {
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty() currency: string;
  @ApiProperty({ type: MoneyModel }) base_rate: MoneyModel;
  @ApiProperty({ type: [DailyRateModel] }) nights: DailyRateModel[];
}

export class FxRateModel {
  @ApiProperty() base: string;
  @ApiProperty() quote: string;
  @ApiProperty() rate: number;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class FxTableModel {
  @ApiProperty({ type: [FxRateModel], description: "This tenant's rates, and platform rates for the pairs it has not set." }) rates: FxRateModel[];
}
