import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import { IdempotencyKeyField } from '../../chain-dto/chain.request-parts.dto';

export class CreateHoldRequestDto extends IdempotencyKeyField {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  quote_id: string;
}
