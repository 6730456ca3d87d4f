import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { CALENDAR_DATE_SCHEMA, IsCalendarDate } from '../../http/calendar-date.validator';
import { PageQueryDto } from '../../http/dto/page.query.dto';

/** Filters of the admin booking list; all optional and combined with AND. */
export class ListBookingsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Exactly this booking.' })
  @IsOptional()
  @IsUUID('all')
  booking_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Bookings made by this agent.' })
  @IsOptional()
  @IsUUID('all')
  agent_id?: string;

  @ApiPropertyOptional({ description: 'Bookings of this traveler (the delegation `sub`).' })
  @IsOptional()
  @IsString()
  @Length(1, 255)
  traveler_sub?: string;

  @ApiPropertyOptional({ enum: ['confirmed', 'cancelled'] })
  @IsOptional()
  @IsIn(['confirmed', 'cancelled'])
  state?: 'confirmed' | 'cancelled';

  @ApiPropertyOptional({ example: '2027-05-01', ...CALENDAR_DATE_SCHEMA, description: 'Stays with a night on or after this date.' })
  @IsOptional()
  @IsCalendarDate()
  stay_from?: string;

  @ApiPropertyOptional({ example: '2027-05-31', ...CALENDAR_DATE_SCHEMA, description: 'Stays with a night on or before this date.' })
  @IsOptional()
  @IsCalendarDate()
  stay_to?: string;
}

export class AdminCancelBookingRequestDto {
  @ApiPropertyOptional({ minLength: 1, maxLength: 500, description: 'Recorded with the cancellation and the refund.' })
  @IsOptional()
  @IsString()
  @Length(1, 500)
  reason?: string;
}
