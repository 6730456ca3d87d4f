import { ApiProperty } from '@nestjs/swagger';
import { IsObject } from 'class-validator';

export class VerifyReceiptRequestDto {
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'A receipt exactly as received (envelope `receipt`).' })
  @IsObject()
  receipt: Record<string, unknown>;
}
