import { registerDecorator, ValidateIf, ValidationOptions } from 'class-validator';

/**
 * One of two alternative fields (`guests` or `rooms` of a quote): put it on both. The field is
 * checked when it is sent or when the other one is missing (then it is required), and fails when
 * the other one is sent too, so "neither" and "both" name both paths in one `validation_failed`.
 */
export function ExactlyOneOf(other: string, options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) => {
    const field = String(propertyName);
    ValidateIf((o: Record<string, unknown>) => o[field] !== undefined || o[other] === undefined)(target, propertyName);
    registerDecorator({
      name: 'exactlyOneOf',
      target: target.constructor,
      propertyName: field,
      constraints: [other],
      options: { message: `send exactly one of ${field} and ${other}`, ...options },
      validator: { validate: (value: unknown, args) => value !== undefined && (args?.object as Record<string, unknown>)[other] === undefined },
    });
  };
}
