import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, Length, Max, Min } from 'class-validator';

/** `?limit&cursor` of every cursor-paged list (docs/catalog.md, "Pagination"). */
export class PageQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ description: 'Opaque cursor: `data.next_cursor` of the previous page.' })
  @IsOptional()
  @IsString()
  @Length(1, 512)
  cursor?: string;
}
