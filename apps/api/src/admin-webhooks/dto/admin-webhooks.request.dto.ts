import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsArray, IsIn, IsOptional, IsString, Length, MaxLength, ValidateIf } from 'class-validator';
import { DELIVERY_STATES, type DeliveryState, MAX_WEBHOOK_DESCRIPTION_LENGTH, SUBSCRIBABLE_EVENT_TYPES } from '@hcs/domain';
import { PageQueryDto } from '../../http/dto/page.query.dto';

export class CreateWebhookRequestDto {
  @ApiProperty({ example: 'https://partner.example.com/hooks/hcs', description: 'https to a public host (docs/events.md "Receiver safety").' })
  @IsString()
  @Length(1, 2048)
  url: string;

  @ApiProperty({ enum: SUBSCRIBABLE_EVENT_TYPES, isArray: true, example: ['booking.confirmed', 'booking.cancelled'] })
  @IsArray()
  @IsString({ each: true })
  events: string[];

  @ApiPropertyOptional({ maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH, nullable: true })
  @IsOptional()
  @ValidateIf((dto: CreateWebhookRequestDto) => dto.description !== null)
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string | null;
}

export class UpdateWebhookRequestDto {
  @ApiPropertyOptional({ description: 'https to a public host.' })
  @IsOptional()
  @IsString()
  @Length(1, 2048)
  url?: string;

  @ApiPropertyOptional({ enum: SUBSCRIBABLE_EVENT_TYPES, isArray: true })
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  events?: string[];

  @ApiPropertyOptional({ maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH, nullable: true, description: 'null clears it.' })
  @IsOptional()
  @ValidateIf((dto: UpdateWebhookRequestDto) => dto.description !== null)
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({ enum: ['enabled', 'disabled'], description: 'disabled: no new deliveries; enabled clears disabled_reason.' })
  @IsOptional()
  @IsIn(['enabled', 'disabled'])
  status?: 'enabled' | 'disabled';
}

export class ListDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: DELIVERY_STATES })
  @IsOptional()
  @IsIn(DELIVERY_STATES)
  state?: DeliveryState;
}

export class ReplayDeliveriesRequestDto {
  @ApiProperty({ enum: ['dead', 'failed'], description: 'Which deliveries of the endpoint to replay: its dead letter, or the failed ones.' })
  @IsIn(['dead', 'failed'])
  state: 'dead' | 'failed';
}
