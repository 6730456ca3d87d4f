import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length, Matches } from 'class-validator';

export class CurrencyQueryDto {
  @ApiPropertyOptional({ pattern: '^[A-Z]{3}$', example: 'USD', description: 'Convert display prices with the FX table (the answer says so).' })
  @IsOptional()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be 3 uppercase letters' })
  currency?: string;
}

export class PropertyIdParamsDto {
  @ApiProperty({ format: 'uuid', description: 'Property id; use /v1/properties/{slug}/full to read by slug.' })
  @IsUUID('all', { message: 'id must be a UUID; read by slug with GET /v1/properties/{slug}/full' })
  id: string;
}

export class PropertySlugParamsDto {
  @ApiProperty({ minLength: 1, maxLength: 120, example: 'lisbon-riverside' })
  @IsString()
  @Length(1, 120)
  slug: string;
}
