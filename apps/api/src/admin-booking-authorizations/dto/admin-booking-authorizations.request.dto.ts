import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Matches, Max, Min, ValidateNested } from 'class-validator';
import { MAX_MONEY_MINOR_UNITS } from '../../http/dto/money.request.dto';

/** Its own class (not http/dto's MoneyRequestDto): the validation messages differ, and one name per OpenAPI schema. */
export class MaxAmountRequestDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_MONEY_MINOR_UNITS, description: 'Minor units of the currency (EUR cents, JPY yen).' })
  @IsInt()
  @Min(0)
  @Max(MAX_MONEY_MINOR_UNITS)
  amount: number;

  @ApiProperty({ pattern: '^[A-Z]{3}$' })
  @Matches(/^[A-Z]{3}$/, { message: 'must be 3 uppercase letters' })
  currency: string;
}

export class CreateBookingAuthorizationRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  agent_id: string;

  @ApiProperty({ type: MaxAmountRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => MaxAmountRequestDto)
  max_amount: MaxAmountRequestDto;

  @ApiProperty({ format: 'date-time', description: 'Must be in the future.' })
  @IsISO8601({ strict: true })
  expires_at: string;

  @ApiPropertyOptional({ description: 'Only this traveler (delegation sub) may use it.' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  traveler_sub?: string;

  @ApiPropertyOptional({ description: "The traveler's delegation issuer (iss); with traveler_sub it names exactly one traveler." })
  @IsOptional()
  @IsString()
  @Length(1, 2048)
  traveler_iss?: string;
}
