import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsISO8601, IsOptional, IsString, IsUUID, Length, Matches, Min, ValidateNested } from 'class-validator';

export class MoneyRequestDto {
  @ApiProperty({ minimum: 0, description: 'integer, minor units' })
  @IsInt()
  @Min(0)
  amount: number;

  @ApiProperty({ pattern: '^[A-Z]{3}$' })
  @Matches(/^[A-Z]{3}$/, { message: 'must be 3 uppercase letters' })
  currency: string;
}

export class CreateBookingAuthorizationRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  agent_id: string;

  @ApiProperty({ type: MoneyRequestDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => MoneyRequestDto)
  max_amount: MoneyRequestDto;

  @ApiProperty({ format: 'date-time' })
  @IsISO8601({ strict: true })
  expires_at: string;

  @ApiPropertyOptional({ description: 'Only this traveler (delegation sub) may use it.' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  traveler_sub?: string;
}
