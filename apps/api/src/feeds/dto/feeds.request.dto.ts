import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsUUID, Max, Min } from 'class-validator';
import { ARI_DAYS } from '@hcs/domain';

export class HotelListQueryDto {
  @ApiProperty({ format: 'uuid', description: 'The tenant whose promoted properties are listed; an unknown tenant gets an empty feed.' })
  @IsUUID('all', { message: 'tenant_id must be a UUID' })
  tenant_id: string;
}

export class AriQueryDto extends HotelListQueryDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: ARI_DAYS.min,
    maximum: ARI_DAYS.max,
    default: ARI_DAYS.default,
    description: 'Check-in dates from today at each property.',
  })
  @IsOptional()
  @IsInt()
  @Min(ARI_DAYS.min)
  @Max(ARI_DAYS.max)
  days?: number;
}

/** The point-of-sale file takes no query; any parameter is unknown (validation_failed). */
export class PointOfSaleQueryDto {}
