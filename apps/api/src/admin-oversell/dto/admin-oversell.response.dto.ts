import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class OversellResolverModel {
  @ApiProperty({ enum: ['admin', 'system'] }) kind: string;
  @ApiProperty({ type: String, nullable: true, description: 'The admin principal id; null for the system.' }) id: string | null;
}

export class OversellBookingUnitsModel {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ type: 'integer', minimum: 1, description: 'Rooms of the room type the booking held on the night (its confirmed rooms).' }) units: number;
}

/** `oversellIncidentView` (libs/domain/src/oversell/oversell.views.ts). */
export class OversellIncidentModel {
  @ApiProperty({ format: 'uuid' }) oversell_incident_id: string;
  @ApiProperty({ enum: ['open', 'resolved'] }) state: string;
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ example: '2027-05-10', description: 'The oversold night.' }) date: string;
  @ApiProperty({ type: 'integer', description: 'Allotment when the incident was opened.' }) allotment: number;
  @ApiProperty({ type: 'integer', description: 'Rooms held when the incident was opened.' }) held: number;
  @ApiProperty({ type: 'integer', description: 'Rooms sold when the incident was opened.' }) sold: number;
  @ApiProperty({ type: 'integer', description: 'held + sold - allotment when opened.' }) oversold_by: number;
  @ApiProperty({ type: [String], description: 'Confirmed bookings including the night when opened.' }) booking_ids: string[];
  @ApiPropertyOptional({
    type: [OversellBookingUnitsModel],
    description: 'Only when a booking on the night holds several rooms (a booking made with rooms): the rooms each of booking_ids held when opened.',
  })
  booking_units?: OversellBookingUnitsModel[];
  @ApiProperty({ enum: ['inventory_change', 'sweep', 'report'] }) detected_by: string;
  @ApiProperty({ format: 'date-time' }) opened_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) resolved_at: string | null;
  @ApiProperty({ type: String, nullable: true }) resolution_note: string | null;
  @ApiProperty({ type: OversellResolverModel, nullable: true }) resolved_by: OversellResolverModel | null;
}

export class OversellIncidentPageModel {
  @ApiProperty({ type: [OversellIncidentModel] }) items: OversellIncidentModel[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
