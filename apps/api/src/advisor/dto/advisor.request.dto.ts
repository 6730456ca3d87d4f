import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

export class StartAdvisorSessionRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 120, example: 'lisbon-riverside', description: 'The slug of a promoted property.' })
  @IsString()
  @Length(1, 120)
  property_slug: string;

  @ApiPropertyOptional({
    minLength: 2,
    maxLength: 16,
    example: 'pt-BR',
    description: 'Answers in en, pt or es; any other locale falls back to en and the advisor says so.',
  })
  @IsOptional()
  @IsString()
  @Length(2, 16)
  locale?: string;
}

export class AdvisorMessageRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 2000, example: 'Are pets allowed?' })
  @IsString()
  @Length(1, 2000)
  message: string;
}

/** `GET /v1/advisor/sessions/{id}?cursor&limit` (docs/advisor.md "Reading a long session"). */
export class AdvisorSessionQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, description: 'At most this many messages (default: all after the cursor, up to 100).' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: `data.next_cursor` of an answer or an earlier read; only messages after it are returned.' })
  @IsOptional()
  @IsString()
  @Length(1, 512)
  cursor?: string;
}
