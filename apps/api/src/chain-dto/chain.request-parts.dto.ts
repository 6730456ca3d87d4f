import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { CALENDAR_DATE_SCHEMA, IsCalendarDate } from '../http/calendar-date.validator';

/** Request parts shared by the chain's request DTOs. */
export class StayRequestDto {
  @ApiProperty({ example: '2027-05-10', ...CALENDAR_DATE_SCHEMA })
  @IsCalendarDate()
  check_in: string;

  @ApiProperty({ example: '2027-05-12', ...CALENDAR_DATE_SCHEMA })
  @IsCalendarDate()
  check_out: string;
}

export class ChildRequestDto {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 17 })
  @IsInt()
  @Min(0)
  @Max(17)
  age: number;
}

export class GuestsRequestDto {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 20 })
  @IsInt()
  @Min(1)
  @Max(20)
  adults: number;

  @ApiPropertyOptional({ type: [ChildRequestDto], default: [] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => ChildRequestDto)
  children?: ChildRequestDto[];
}

/** The body form of the Idempotency-Key (used by MCP tools); never part of the request hash. */
export class IdempotencyKeyField {
  @ApiPropertyOptional({ minLength: 1, maxLength: 255, description: 'Same as the Idempotency-Key header.' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  idempotency_key?: string;
}
