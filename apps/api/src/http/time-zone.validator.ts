import { registerDecorator, ValidationOptions } from 'class-validator';
import { IANAZone } from 'luxon';

/** An IANA time zone name (`Europe/Lisbon`), as property-local dates are computed in it. */
export function IsTimeZone(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTimeZone',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: `${String(propertyName)} must be an IANA time zone such as Europe/Lisbon`, ...options },
      validator: { validate: (value: unknown) => typeof value === 'string' && IANAZone.isValidZone(value) },
    });
}
