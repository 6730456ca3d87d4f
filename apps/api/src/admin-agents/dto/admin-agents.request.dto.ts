import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMinSize, ArrayUnique, IsArray, IsIn, IsOptional, IsString, Length, ValidateIf, ValidateNested } from 'class-validator';
import { PRINCIPAL_STATUSES, type PrincipalStatus, type Scope, SCOPES } from '@hcs/domain';
import { MoneyRequestDto } from '../../http/dto/money.request.dto';

export class CreateAgentRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Trip planner' })
  @IsString()
  @Length(1, 200)
  name: string;

  @ApiPropertyOptional({ enum: SCOPES, isArray: true, description: 'Defaults to every scope.' })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(SCOPES, { each: true })
  scopes?: Scope[];

  @ApiPropertyOptional({ type: MoneyRequestDto, description: 'Bookings above this total need a booking authorization.' })
  @IsOptional()
  @ValidateNested()
  @Type(() => MoneyRequestDto)
  booking_limit?: MoneyRequestDto;
}

export class UpdateAgentRequestDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({ enum: PRINCIPAL_STATUSES, description: 'disabled: every API key and access token of the agent stops working.' })
  @IsOptional()
  @IsIn(PRINCIPAL_STATUSES)
  status?: PrincipalStatus;

  @ApiPropertyOptional({ enum: SCOPES, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayUnique()
  @IsIn(SCOPES, { each: true })
  scopes?: Scope[];

  @ApiPropertyOptional({ type: MoneyRequestDto, nullable: true, description: 'null removes the limit.' })
  @IsOptional()
  @ValidateIf((dto: UpdateAgentRequestDto) => dto.booking_limit !== null)
  @ValidateNested()
  @Type(() => MoneyRequestDto)
  booking_limit?: MoneyRequestDto | null;
}
