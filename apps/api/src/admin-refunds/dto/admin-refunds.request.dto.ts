import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';
import { IdempotencyKeyField } from '../../chain-dto/chain.request-parts.dto';

export class IssueRefundRequestDto extends IdempotencyKeyField {
  @ApiProperty({ type: 'integer', minimum: 1, description: "Minor units of the booking's currency; at most what remains refundable." })
  @IsInt()
  @Min(1)
  @Max(Number.MAX_SAFE_INTEGER)
  amount: number;

  @ApiPropertyOptional({ minLength: 1, maxLength: 500, description: 'Recorded with the refund and in the audit.' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}
