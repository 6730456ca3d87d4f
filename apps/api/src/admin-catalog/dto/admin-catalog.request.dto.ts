import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsInt,
  IsNumber,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { CANCELLATION_KINDS, CHARGE_PAYABLE, CHARGE_PER, MEAL_PLANS, PAYMENT_TERMS_KINDS } from '@hcs/domain';
import { CALENDAR_DATE_SCHEMA, IsCalendarDate } from '../../http/calendar-date.validator';
import { MAX_MONEY_MINOR_UNITS } from '../../http/dto/money.request.dto';
import { IsTimeZone } from '../../http/time-zone.validator';
import { MoneyInputDto } from '../../search/dto/search.request.dto';

/** An optional list of short strings (amenities, image URLs): validated and documented as one. */
function OptionalStringList(options: { maxItems: number; maxLength: number; description?: string }) {
  return applyDecorators(
    ApiPropertyOptional({ type: [String], description: options.description }),
    IsOptional(),
    IsArray(),
    ArrayMaxSize(options.maxItems),
    IsString({ each: true }),
    Length(1, options.maxLength, { each: true }),
  );
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CODE = /^[A-Za-z0-9_-]{1,40}$/;
const CURRENCY = /^[A-Z]{3}$/;

export class IdParamsDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id: string;
}

export class PolicyParamsDto extends IdParamsDto {
  @ApiProperty({ pattern: CODE.source, example: 'flex48', description: 'Policy code, stable across versions.' })
  @Matches(CODE, { message: 'code must be 1-40 letters, digits, _ or -' })
  code: string;
}

export class DateRangeQueryDto {
  @ApiProperty({ example: '2027-05-01', ...CALENDAR_DATE_SCHEMA, description: 'First night (inclusive).' })
  @IsCalendarDate()
  from: string;

  @ApiProperty({ example: '2027-05-31', ...CALENDAR_DATE_SCHEMA, description: 'Last night (inclusive).' })
  @IsCalendarDate()
  to: string;
}

export class AddressInputDto {
  @ApiProperty({ minLength: 1, maxLength: 200 }) @IsString() @Length(1, 200) line1: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(200) line2?: string | null;
  @ApiProperty({ minLength: 1, maxLength: 100 }) @IsString() @Length(1, 100) city: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(100) region?: string | null;
  @ApiProperty({ pattern: '^[A-Z]{2}$', example: 'PT' })
  @Matches(/^[A-Z]{2}$/, { message: 'country must be an ISO 3166-1 alpha-2 code (2 uppercase letters)' })
  country: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(20) postal_code?: string | null;
}

export class GeoInputDto {
  @ApiProperty({ minimum: -90, maximum: 90 }) @IsNumber() @Min(-90) @Max(90) lat: number;
  @ApiProperty({ minimum: -180, maximum: 180 }) @IsNumber() @Min(-180) @Max(180) lng: number;
}

/**
 * A tax or fee rule, in either list (docs/catalog.md "Taxes and fees"): `rate_bps`, or `amount`
 * with `per` (exactly one of the two, checked with the rest of the request).
 */
export class ChargeInputDto {
  @ApiProperty({ example: 'VAT' }) @Matches(CODE) code: string;
  @ApiProperty({ example: 'Value added tax' }) @IsString() @Length(1, 100) name: string;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 10000, example: 600, description: 'Basis points of the room subtotal (or set amount and per).' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10000)
  rate_bps?: number;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_MONEY_MINOR_UNITS,
    description: "Fixed amount in minor units of the rate plan's currency (with per).",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  amount?: number;
  @ApiPropertyOptional({ enum: CHARGE_PER, description: 'What a fixed amount is charged per; persons = adults + children.' })
  @IsOptional()
  @IsIn(CHARGE_PER)
  per?: (typeof CHARGE_PER)[number];
  @ApiPropertyOptional({ default: false, description: 'Already inside the nightly amounts: shown, never added again.' })
  @IsOptional()
  @IsBoolean()
  included?: boolean;
  @ApiPropertyOptional({ enum: CHARGE_PAYABLE, default: 'online', description: 'Charged through the service, or collected by the hotel.' })
  @IsOptional()
  @IsIn(CHARGE_PAYABLE)
  payable?: (typeof CHARGE_PAYABLE)[number];
}

export class TaxInputDto extends ChargeInputDto {}

export class FeeInputDto extends ChargeInputDto {}

export class ChildRateInputDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 17, description: 'Oldest age of the bracket; brackets in strictly ascending max_age.' })
  @IsInt()
  @Min(0)
  @Max(17)
  max_age: number;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MONEY_MINOR_UNITS, description: 'Minor units per child per night.' })
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  amount: number;
}

/** How a rate plan takes its money (docs/payments.md "Payment terms"); the two numbers belong to `deposit` only. */
export class PaymentTermsInputDto {
  @ApiProperty({
    enum: PAYMENT_TERMS_KINDS,
    description: 'prepay: all at booking; deposit: a share at booking, the balance before check-in; pay_at_property: card guaranteed, nothing charged.',
  })
  @IsIn(PAYMENT_TERMS_KINDS)
  kind: (typeof PAYMENT_TERMS_KINDS)[number];
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 99, description: 'Percent of payable_online charged at booking; deposit only, required there.' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(99)
  deposit_pct?: number;
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 365, description: 'Days before check-in the balance is charged; deposit only, required there.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(365)
  balance_due_days?: number;
}

/** A rate plan's party pricing (docs/catalog.md "Party pricing"); what it leaves out takes the defaults. */
export class OccupancyPricingInputDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 1,
    maximum: 40,
    description: "Adults the nightly amount is for: 1..the room type's max_occupancy; default min(2, max_occupancy).",
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(40)
  base_adults?: number;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_MONEY_MINOR_UNITS,
    description: 'Minor units per night per adult above base_adults; default 0.',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  extra_adult?: number;
  @ApiPropertyOptional({
    type: [ChildRateInputDto],
    description: 'Child brackets by ascending max_age; older children pay extra_adult; default []: children free.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(18)
  @ValidateNested({ each: true })
  @Type(() => ChildRateInputDto)
  child_rates?: ChildRateInputDto[];
}

export class CreatePropertyRequestDto {
  @ApiProperty({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 120, example: 'lisbon-riverside' })
  @Length(1, 120)
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug must be lowercase letters and digits separated by single hyphens' })
  slug: string;

  @ApiProperty({ minLength: 1, maxLength: 200 }) @IsString() @Length(1, 200) name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(5000) description?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true, minimum: 0, maximum: 5 }) @IsOptional() @IsNumber({ maxDecimalPlaces: 1 }) @Min(0) @Max(5) star_rating?:
    number | null;
  @ApiPropertyOptional({ type: AddressInputDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => AddressInputDto) address?: AddressInputDto | null;
  @ApiPropertyOptional({ type: GeoInputDto, nullable: true }) @IsOptional() @ValidateNested() @Type(() => GeoInputDto) geo?: GeoInputDto | null;
  @ApiProperty({ example: 'Europe/Lisbon', description: 'IANA time zone: stay dates are local to it.' }) @IsTimeZone() timezone: string;
  @ApiProperty({ pattern: CURRENCY.source, example: 'EUR' })
  @Matches(CURRENCY, { message: 'default_currency must be 3 uppercase letters' })
  default_currency: string;
  @OptionalStringList({ maxItems: 100, maxLength: 100 })
  amenities?: string[];
  @OptionalStringList({ maxItems: 50, maxLength: 2000, description: 'Image URLs.' })
  images?: string[];
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @Length(3, 40) phone?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsEmail() email?: string | null;
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() pets_allowed?: boolean;
  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0 }) @IsOptional() @IsInt() @Min(0) @Max(100000) number_of_rooms?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '15:00' })
  @IsOptional()
  @Matches(TIME, { message: 'checkin_time must be HH:MM (24 h)' })
  checkin_time?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '11:00' })
  @IsOptional()
  @Matches(TIME, { message: 'checkout_time must be HH:MM (24 h)' })
  checkout_time?: string | null;
  @ApiPropertyOptional({ type: [TaxInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => TaxInputDto)
  taxes?: TaxInputDto[];
  @ApiPropertyOptional({ type: [FeeInputDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => FeeInputDto)
  fees?: FeeInputDto[];
}

/** Every field optional; `null` clears a nullable field (non-nullable fields refuse null). */
export class UpdatePropertyRequestDto extends PartialType(CreatePropertyRequestDto) {}

export class CreateRoomTypeRequestDto {
  @ApiProperty({ pattern: CODE.source, example: 'DBL' }) @Matches(CODE, { message: 'code must be 1-40 letters, digits, _ or -' }) code: string;
  @ApiProperty({ minLength: 1, maxLength: 200 }) @IsString() @Length(1, 200) name: string;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(5000) description?: string | null;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 40 }) @IsInt() @Min(1) @Max(40) max_occupancy: number;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'queen' }) @IsOptional() @IsString() @Length(1, 100) bed_type?: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) @IsOptional() @IsNumber({ maxDecimalPlaces: 2 }) @Min(0) @Max(99999) floor_size_sqm?: number | null;
  @OptionalStringList({ maxItems: 100, maxLength: 100 })
  amenities?: string[];
  @OptionalStringList({ maxItems: 50, maxLength: 2000 })
  images?: string[];
  @ApiPropertyOptional({ default: false }) @IsOptional() @IsBoolean() smoking_allowed?: boolean;
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 10000, description: 'Allotment of every night without a per-date override.' })
  @IsInt()
  @Min(0)
  @Max(10000)
  default_inventory: number;
}

export class UpdateRoomTypeRequestDto extends PartialType(CreateRoomTypeRequestDto) {}

export class CreateRatePlanRequestDto {
  @ApiProperty({ pattern: CODE.source, example: 'FLEX-BB' }) @Matches(CODE, { message: 'code must be 1-40 letters, digits, _ or -' }) code: string;
  @ApiProperty({ minLength: 1, maxLength: 200 }) @IsString() @Length(1, 200) name: string;
  @ApiProperty({ type: MoneyInputDto, description: "Nightly base rate in minor units; its currency is the plan's currency." })
  @IsDefined()
  @ValidateNested()
  @Type(() => MoneyInputDto)
  base_rate: MoneyInputDto;
  @ApiPropertyOptional({ enum: MEAL_PLANS, default: 'room_only' }) @IsOptional() @IsIn(MEAL_PLANS) meal_plan?: (typeof MEAL_PLANS)[number];
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Code of a policy of the property; the plan follows its current version. Without a policy the plan cannot be quoted.',
  })
  @IsOptional()
  @Matches(CODE, { message: 'policy_code must be 1-40 letters, digits, _ or -' })
  policy_code?: string | null;
  @ApiPropertyOptional({
    type: OccupancyPricingInputDto,
    nullable: true,
    description: 'Party pricing; on PATCH it replaces the whole object, null restores the defaults.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => OccupancyPricingInputDto)
  occupancy_pricing?: OccupancyPricingInputDto | null;
  @ApiPropertyOptional({
    type: PaymentTermsInputDto,
    nullable: true,
    description: 'Payment terms, frozen in each quote; on PATCH it replaces the whole object, null restores prepay.',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => PaymentTermsInputDto)
  payment_terms?: PaymentTermsInputDto | null;
}

export class UpdateRatePlanRequestDto extends PartialType(CreateRatePlanRequestDto) {}

export class PutPolicyRequestDto {
  @ApiProperty({ enum: CANCELLATION_KINDS }) @IsIn(CANCELLATION_KINDS) cancellation_kind: (typeof CANCELLATION_KINDS)[number];
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 8760, default: 24, description: 'Ignored (0) for non_refundable.' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(8760)
  free_cancellation_hours_before_checkin?: number;
  @ApiPropertyOptional({ minimum: 0, maximum: 100, default: 100, description: 'Percent of the total charged after the cutoff; 100 for non_refundable.' })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0)
  @Max(100)
  cancellation_fee_pct_after_cutoff?: number;
  @ApiPropertyOptional({ type: String, nullable: true }) @IsOptional() @IsString() @MaxLength(2000) child_policy_text?: string | null;
}

export class SetInventoryRequestDto extends DateRangeQueryDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: 10000,
    nullable: true,
    description: 'Rooms for sale each night of the range; null returns the nights to the default inventory.',
  })
  @ValidateIf((o: SetInventoryRequestDto) => o.allotment !== null)
  @IsInt()
  @Min(0)
  @Max(10000)
  allotment: number | null;
}

export class SetRatesRequestDto extends DateRangeQueryDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    nullable: true,
    description: "Nightly rate in minor units of the plan's currency; null removes the per-date rates (base rate applies).",
  })
  @ValidateIf((o: SetRatesRequestDto) => o.amount !== null)
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  amount: number | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'integer', minimum: 0 },
    nullable: true,
    example: { '1': 8000, '3': 15000 },
    description: 'The night\'s price for exactly that many adults; keys "1"..the room type\'s max_occupancy.',
  })
  @IsOptional()
  @IsObject()
  by_adults?: Record<string, number> | null;
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_MONEY_MINOR_UNITS,
    nullable: true,
    description: "Overrides the plan's extra_adult on these nights.",
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  extra_adult?: number | null;
  @ApiPropertyOptional({ type: [ChildRateInputDto], nullable: true, description: "Overrides the plan's child brackets on these nights." })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(18)
  @ValidateNested({ each: true })
  @Type(() => ChildRateInputDto)
  child_rates?: ChildRateInputDto[] | null;
}

export class FxRateInputDto {
  @ApiProperty({ example: 'EUR' }) @Matches(CURRENCY, { message: 'base must be 3 uppercase letters' }) base: string;
  @ApiProperty({ example: 'USD' }) @Matches(CURRENCY, { message: 'quote must be 3 uppercase letters' }) quote: string;
  @ApiProperty({ example: 1.08, description: 'Units of quote for 1 unit of base (major units).' })
  @IsNumber({ maxDecimalPlaces: 8 })
  @IsPositive()
  @Max(1e9)
  rate: number;
}

export class SetFxRatesRequestDto {
  @ApiProperty({ type: [FxRateInputDto] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(200)
  @ValidateNested({ each: true })
  @Type(() => FxRateInputDto)
  rates: FxRateInputDto[];
}
