import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { STAY_RESTRICTION_LIMITS, WEEKDAYS, Weekday } from '@hcs/domain';
import { DateRangeQueryDto } from './admin-catalog.request.dto';

const { stay, advance } = STAY_RESTRICTION_LIMITS;
const CLEARS = 'null clears it; not sent, it is left as it is.';

/** `PUT /v1/admin/rate-plans/{id}/restrictions`: the rates route's range, optional days of the week, the fields to set. */
export class SetStayRestrictionsRequestDto extends DateRangeQueryDto {
  @ApiPropertyOptional({
    type: [String],
    enum: WEEKDAYS,
    minItems: 1,
    maxItems: 7,
    uniqueItems: true,
    example: ['fri', 'sat'],
    description: 'Only the dates of the range on these days of the week change; every date when absent.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(7)
  @ArrayUnique()
  @IsIn(WEEKDAYS, { each: true })
  days_of_week?: Weekday[];

  @ApiPropertyOptional({
    type: 'integer',
    minimum: stay.min,
    maximum: stay.max,
    nullable: true,
    description: `Fewest nights of a stay arriving on the date; ${CLEARS}`,
  })
  @IsOptional()
  @IsInt()
  @Min(stay.min)
  @Max(stay.max)
  min_stay_arrival?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: stay.min,
    maximum: stay.max,
    nullable: true,
    description: `Most nights of a stay arriving on the date; ${CLEARS}`,
  })
  @IsOptional()
  @IsInt()
  @Min(stay.min)
  @Max(stay.max)
  max_stay_arrival?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: stay.min,
    maximum: stay.max,
    nullable: true,
    description: `Fewest nights of a stay that includes the night of the date; ${CLEARS}`,
  })
  @IsOptional()
  @IsInt()
  @Min(stay.min)
  @Max(stay.max)
  min_stay_through?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: stay.min,
    maximum: stay.max,
    nullable: true,
    description: `Most nights of a stay that includes the night of the date; ${CLEARS}`,
  })
  @IsOptional()
  @IsInt()
  @Min(stay.min)
  @Max(stay.max)
  max_stay_through?: number | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: `No stay starts on the date (false is the same as none); ${CLEARS}` })
  @IsOptional()
  @IsBoolean()
  closed_to_arrival?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: `No stay ends on the date (its check-out date; false is the same as none); ${CLEARS}` })
  @IsOptional()
  @IsBoolean()
  closed_to_departure?: boolean | null;

  @ApiPropertyOptional({ type: Boolean, nullable: true, description: `No stay includes the night of the date (false is the same as none); ${CLEARS}` })
  @IsOptional()
  @IsBoolean()
  stop_sell?: boolean | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: advance.min,
    maximum: advance.max,
    nullable: true,
    description: `Fewest whole days from today (the property's time zone) to an arrival on the date; ${CLEARS}`,
  })
  @IsOptional()
  @IsInt()
  @Min(advance.min)
  @Max(advance.max)
  min_advance_days?: number | null;

  @ApiPropertyOptional({
    type: 'integer',
    minimum: advance.min,
    maximum: advance.max,
    nullable: true,
    description: `Most whole days from today (the property's time zone) to an arrival on the date; ${CLEARS}`,
  })
  @IsOptional()
  @IsInt()
  @Min(advance.min)
  @Max(advance.max)
  max_advance_days?: number | null;
}
