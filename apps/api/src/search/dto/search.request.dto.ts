import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsOptional, IsString, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { CANCELLATION_KINDS, MEAL_PLANS } from '@hcs/domain';
import { CALENDAR_DATE_SCHEMA, IsCalendarDate } from '../../http/calendar-date.validator';
import { MAX_MONEY_MINOR_UNITS } from '../../http/dto/money.request.dto';

export class ChildDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 17 })
  @IsInt()
  @Min(0)
  @Max(17)
  age: number;
}

export class GuestsDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 20 })
  @IsInt()
  @Min(1)
  @Max(20)
  adults: number;

  @ApiPropertyOptional({ type: [ChildDto], default: [] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ValidateNested({ each: true })
  @Type(() => ChildDto)
  children?: ChildDto[];
}

export class StayDto {
  @ApiProperty({ example: '2027-05-01', ...CALENDAR_DATE_SCHEMA })
  @IsCalendarDate()
  check_in: string;

  @ApiProperty({ example: '2027-05-03', ...CALENDAR_DATE_SCHEMA, description: 'Exclusive: the morning the guest leaves.' })
  @IsCalendarDate()
  check_out: string;
}

export class DestinationDto {
  @ApiProperty({ enum: ['area', 'property'], description: '`area` matches city, region, country code or name; `property` an id or slug.' })
  @IsIn(['area', 'property'])
  type: 'area' | 'property';

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Lisbon' })
  @IsString()
  @Length(1, 200)
  value: string;
}

export class MoneyInputDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MONEY_MINOR_UNITS, description: 'Minor units (EUR cents, JPY yen).' })
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  amount: number;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'EUR' })
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be 3 uppercase letters' })
  currency: string;
}

export class SearchConstraintsDto {
  @ApiPropertyOptional({ type: MoneyInputDto, description: 'Cap on the average nightly price; other currencies compare through the FX table.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyInputDto)
  max_price_per_night?: MoneyInputDto;

  @ApiPropertyOptional({ enum: MEAL_PLANS })
  @IsOptional()
  @IsIn(MEAL_PLANS)
  meal_plan?: string;

  @ApiPropertyOptional({ enum: CANCELLATION_KINDS })
  @IsOptional()
  @IsIn(CANCELLATION_KINDS)
  cancellation?: string;
}

/** The nested search body (docs/catalog.md). */
export class SearchRequestDto {
  @ApiPropertyOptional({ type: DestinationDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => DestinationDto)
  destination?: DestinationDto;

  @ApiProperty({ type: StayDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => StayDto)
  stay: StayDto;

  @ApiProperty({ type: GuestsDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => GuestsDto)
  guests: GuestsDto;

  @ApiPropertyOptional({ type: SearchConstraintsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SearchConstraintsDto)
  constraints?: SearchConstraintsDto;
}

/** The flat variant of the guides: destination as an area string, dates at the top level. */
export class FlatSearchRequestDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200, example: 'Lisbon', description: 'An area: city, region, country code or property name.' })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  destination?: string;

  @ApiProperty({ example: '2027-05-01', ...CALENDAR_DATE_SCHEMA })
  @IsCalendarDate()
  check_in: string;

  @ApiProperty({ example: '2027-05-03', ...CALENDAR_DATE_SCHEMA })
  @IsCalendarDate()
  check_out: string;

  @ApiProperty({ type: GuestsDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => GuestsDto)
  guests: GuestsDto;

  @ApiPropertyOptional({ type: SearchConstraintsDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => SearchConstraintsDto)
  constraints?: SearchConstraintsDto;
}

/**
 * Which variant a body is: flat when it has no `stay` but top-level dates or a string
 * destination; nested otherwise (so an empty body reports the nested form's required fields).
 */
export function isFlatSearchBody(body: unknown): boolean {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return false;
  const b = body as Record<string, unknown>;
  return !('stay' in b) && ('check_in' in b || 'check_out' in b || typeof b.destination === 'string');
}
