import { registerDecorator, ValidationOptions } from 'class-validator';
import { epochDay } from '@hcs/domain';

/** The shape of a date-only field; {@link isCalendarDate} also requires a real day of the calendar. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The message of a date-only field that is not a real date (the stay rules say the same). */
export const CALENDAR_DATE_MESSAGE = 'must be a real date in YYYY-MM-DD format';

/**
 * What the OpenAPI document says of every date-only field: spread into its `@ApiProperty`. The
 * MCP tools derive the same (`format: date`) from `@IsCalendarDate` (apps/api/src/mcp/dto-arguments.ts).
 */
export const CALENDAR_DATE_SCHEMA = { format: 'date', pattern: DATE_PATTERN.source } as const;

/** A `YYYY-MM-DD` string naming a day that exists (`2028-02-29` yes, `2027-02-30` and `2027-13-45` no). */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && DATE_PATTERN.test(value) && epochDay(value) !== null;
}

/**
 * A date-only field (check-in, an ARI range end, a night): `YYYY-MM-DD` and a real day, so a
 * calendar-impossible date is `validation_failed` on its path instead of reaching Postgres
 * (docs/security.md "Calendar-impossible dates").
 */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: CALENDAR_DATE_MESSAGE, ...options },
      validator: { validate: (value: unknown) => isCalendarDate(value) },
    });
}
