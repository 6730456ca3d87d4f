import { ApiProperty } from '@nestjs/swagger';

const UNSET = 'null when unset.';

/** One date of a rate plan's restrictions, every field present. */
export class StayRestrictionDateModel {
  @ApiProperty({ example: '2027-05-07', description: 'The date (YYYY-MM-DD).' }) date: string;
  @ApiProperty({ type: 'integer', nullable: true, example: 2, description: `Fewest nights of a stay arriving on the date; ${UNSET}` })
  min_stay_arrival: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: `Most nights of a stay arriving on the date; ${UNSET}` }) max_stay_arrival: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: `Fewest nights of a stay that includes the night of the date; ${UNSET}` })
  min_stay_through: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: `Most nights of a stay that includes the night of the date; ${UNSET}` })
  max_stay_through: number | null;
  @ApiProperty({ type: Boolean, nullable: true, description: `true: no stay starts on the date; ${UNSET}` }) closed_to_arrival: boolean | null;
  @ApiProperty({ type: Boolean, nullable: true, description: `true: no stay ends on the date; ${UNSET}` }) closed_to_departure: boolean | null;
  @ApiProperty({ type: Boolean, nullable: true, description: `true: no stay includes the night of the date; ${UNSET}` }) stop_sell: boolean | null;
  @ApiProperty({ type: 'integer', nullable: true, description: `Fewest whole days from today (property time zone) to an arrival on the date; ${UNSET}` })
  min_advance_days: number | null;
  @ApiProperty({ type: 'integer', nullable: true, description: `Most whole days from today (property time zone) to an arrival on the date; ${UNSET}` })
  max_advance_days: number | null;
}

export class StayRestrictionCalendarModel {
  @ApiProperty({ format: 'uuid', description: 'The rate plan.' }) rate_plan_id: string;
  @ApiProperty({ type: [StayRestrictionDateModel], description: 'One item per date of the range, in date order.' }) items: StayRestrictionDateModel[];
}
