import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MoneyModel } from '../../http/openapi/envelope.models';

export class AddressModel {
  @ApiProperty({ minLength: 1 }) line1: string;
  @ApiPropertyOptional() line2?: string;
  @ApiProperty({ minLength: 1 }) city: string;
  @ApiPropertyOptional() region?: string;
  @ApiProperty({ minLength: 2, maxLength: 2, example: 'PT' }) country: string;
  @ApiPropertyOptional() postal_code?: string;
}

export class GeoModel {
  @ApiProperty({ minimum: -90, maximum: 90 }) lat: number;
  @ApiProperty({ minimum: -180, maximum: 180 }) lng: number;
}

export class PropertyModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() slug: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: Number, nullable: true }) star_rating: number | null;
  @ApiProperty({ type: AddressModel, nullable: true, description: 'Null only while the address is incomplete (a promoted property always has one).' })
  address: AddressModel | null;
  @ApiProperty({ type: GeoModel, nullable: true }) geo: GeoModel | null;
  @ApiProperty({ example: 'EUR' }) default_currency: string;
  @ApiProperty({ example: 'Europe/Lisbon' }) timezone: string;
}

export class PropertyPageModel {
  @ApiProperty({ type: [PropertyModel] }) items: PropertyModel[];
  @ApiProperty({ type: String, nullable: true, description: 'Pass as `cursor` for the next page; null on the last page.' }) next_cursor: string | null;
}

export class RatePlanModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ description: 'Major units, for display (e.g. 120.5 EUR).' }) base_rate_per_night: number;
  @ApiProperty({ example: 'breakfast' }) meal_plan: string;
  @ApiProperty({ enum: ['free_cancellation', 'non_refundable'] }) cancellation_kind: string;
  @ApiProperty({ type: MoneyModel }) base_rate: MoneyModel;
  @ApiPropertyOptional({ type: MoneyModel, description: 'The rate before ?currency= conversion.' }) original_base_rate?: MoneyModel;
}

export class RoomTypeModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ type: 'integer' }) max_occupancy: number;
  @ApiProperty({ type: String, nullable: true }) bed_type: string | null;
  @ApiProperty({ type: Number, nullable: true }) floor_size_sqm: number | null;
  @ApiProperty({ type: [String] }) amenities: string[];
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty() smoking_allowed: boolean;
  @ApiProperty({ type: 'integer' }) default_inventory: number;
  @ApiProperty({ type: [RatePlanModel] }) rate_plans: RatePlanModel[];
}

export class FxConversionModel {
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty() rate: number;
  @ApiProperty({ enum: ['direct', 'inverse'] }) source: string;
  @ApiProperty({ type: String, nullable: true }) updated_at: string | null;
}

export class PropertyDetailModel extends PropertyModel {
  @ApiProperty({ type: String, nullable: true, description: 'The ?currency= asked for, else null.' }) display_currency: string | null;
  @ApiProperty({ description: 'True when prices were converted with the FX table.' }) converted: boolean;
  @ApiProperty({ type: [FxConversionModel] }) fx_rates: FxConversionModel[];
  @ApiProperty({ type: [RoomTypeModel] }) room_types: RoomTypeModel[];
}

export class PolicyModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() code: string;
  @ApiProperty({ example: '2' }) version: string;
  @ApiProperty({ enum: ['free_cancellation', 'non_refundable'] }) cancellation_kind: string;
  @ApiProperty() free_cancellation_hours_before_checkin: number;
  @ApiProperty() cancellation_fee_pct_after_cutoff: number;
  @ApiProperty({ type: String, nullable: true }) child_policy_text: string | null;
}

/** A tax or fee rule (docs/catalog.md "Taxes and fees"): `rate_bps`, or `amount` with `per`; flags only where set. */
export class ChargeModel {
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Basis points of the room subtotal (1000 = 10%); absent for a fixed amount.' }) rate_bps?: number;
  @ApiPropertyOptional({ type: 'integer', description: "Minor units of the rate plan's currency; absent for a rate." }) amount?: number;
  @ApiPropertyOptional({
    enum: ['stay', 'night', 'person_night', 'person_stay'],
    description: 'What a fixed amount is charged per (persons = adults + children).',
  })
  per?: string;
  @ApiPropertyOptional({ description: 'Already inside the nightly amounts: shown, never added (default false).' }) included?: boolean;
  @ApiPropertyOptional({ enum: ['online', 'at_property'], description: 'Charged through the service (default) or collected by the hotel.' }) payable?: string;
}

export class TaxModel extends ChargeModel {}

export class FeeModel extends ChargeModel {}

export class PropertyFullModel extends PropertyDetailModel {
  @ApiProperty({ type: [String] }) amenities: string[];
  @ApiProperty({ type: [String] }) images: string[];
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) email: string | null;
  @ApiProperty() pets_allowed: boolean;
  @ApiProperty({ type: Number, nullable: true }) number_of_rooms: number | null;
  @ApiProperty({ type: String, nullable: true, example: '15:00' }) checkin_time: string | null;
  @ApiProperty({ type: String, nullable: true, example: '11:00' }) checkout_time: string | null;
  @ApiProperty({ type: [TaxModel] }) taxes: TaxModel[];
  @ApiProperty({ type: [FeeModel] }) fees: FeeModel[];
  @ApiProperty({ type: [PolicyModel], description: 'Current version of each policy of the property.' }) policies: PolicyModel[];
}
