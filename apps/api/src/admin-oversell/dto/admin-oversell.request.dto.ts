import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { CALENDAR_DATE_SCHEMA, IsCalendarDate } from '../../http/calendar-date.validator';
import { PageQueryDto } from '../../http/dto/page.query.dto';

export class ListOversellIncidentsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ['open', 'resolved'] })
  @IsOptional()
  @IsIn(['open', 'resolved'])
  state?: 'open' | 'resolved';
}

export class ReportOversellRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  room_type_id: string;

  @ApiProperty({ example: '2027-05-10', ...CALENDAR_DATE_SCHEMA, description: 'The night (property local date).' })
  @IsCalendarDate()
  date: string;
}

export class ResolveOversellIncidentRequestDto {
  @ApiProperty({ minLength: 1, maxLength: 2000, description: 'What was done (guests walked, room back in service, ...).' })
  @IsString()
  @Length(1, 2000)
  note: string;
}
