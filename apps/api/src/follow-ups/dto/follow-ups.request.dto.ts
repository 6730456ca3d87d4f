import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsISO8601, IsOptional, IsString, Length } from 'class-validator';
import { FOLLOW_UP_KINDS, FOLLOW_UP_MESSAGE_MAX } from '@hcs/domain';
import { IdempotencyKeyField } from '../../chain-dto/chain.request-parts.dto';

export class CreateFollowUpRequestDto extends IdempotencyKeyField {
  @ApiProperty({ enum: FOLLOW_UP_KINDS })
  @IsIn(FOLLOW_UP_KINDS)
  kind: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: FOLLOW_UP_MESSAGE_MAX,
    description: 'Shown to the guest as written, inside the localized template; required for custom.',
  })
  @IsOptional()
  @IsString()
  @Length(1, FOLLOW_UP_MESSAGE_MAX)
  message?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'When to send it (not in the past); default now.' })
  @IsOptional()
  @IsISO8601({ strict: true, strictSeparator: true })
  send_at?: string;
}
