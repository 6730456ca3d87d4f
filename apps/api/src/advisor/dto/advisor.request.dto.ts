import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';

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
