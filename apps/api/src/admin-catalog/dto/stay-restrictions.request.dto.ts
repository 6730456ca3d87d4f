import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min, registerDecorator } from 'class-validator';
import { dateRangeErrors, epochDay, maximumBelowMinimum, STAY_RESTRICTION_LIMITS, STAY_RESTRICTION_MINIMUM_OF, WEEKDAYS, Weekday } from '@hcs/domain';
import { DateRangeQueryDto } from './admin-catalog.request.dto';

const { stay, advance } = STAY_RESTRICTION_LIMITS;
const CLEARS = 'null clears it; not sent, it is left as it is.';

/**
 * A maximum not below the minimum sent with it (the domain's rule, `maximumBelowMinimum`), checked
 * with the body's other fields so every failing path is reported at once.
 */
function NotBelowItsMinimum(): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const max = propertyName as keyof typeof STAY_RESTRICTION_MINIMUM_OF;
    registerDecorator({
      name: 'notBelowItsMinimum',
      target: target.constructor,
      propertyName: max,
      options: { message: `must not be below ${STAY_RESTRICTION_MINIMUM_OF[max]}` },
      validator: { validate: (_value: unknown, args) => maximumBelowMinimum(args?.object ?? {}, max) === null },
    });
  };
}

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
  @NotBelowItsMinimum()
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
  @NotBelowItsMinimum()
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
  @NotBelowItsMinimum()
  max_advance_days?: number | null;
}

/** What the range's end breaks (not before `from`, at most 731 dates: the domain's `dateRangeErrors`), when both ends are real dates. */
function rangeEndErrors(body: { from?: unknown; to?: unknown }): string[] {
  const { from, to } = body;
  if (typeof from !== 'string' || typeof to !== 'string' || epochDay(from) === null || epochDay(to) === null) return [];
  return dateRangeErrors({ from, to }).flatMap((e) => (e.path === 'to' ? [e.message] : []));
}

// The range's order and length are checked with the fields, so a body's every failing path comes at once.
registerDecorator({
  name: 'ariRangeEnd',
  target: SetStayRestrictionsRequestDto,
  propertyName: 'to',
  options: { message: (args) => rangeEndErrors(args.object).join('; ') },
  validator: { validate: (_value: unknown, args) => rangeEndErrors(args?.object ?? {}).length === 0 },
});
