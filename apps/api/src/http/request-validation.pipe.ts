import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationFailed } from '@hcs/domain';
import { toFieldErrors } from './field-errors';

const PRIMITIVES: unknown[] = [String, Boolean, Number, Array, Object];

/**
 * Validates bodies and queries against their DTO class: unknown fields are errors and every
 * failing path is reported at once as `validation_failed`. A missing body validates as `{}`, so
 * its required fields are listed rather than one vague error.
 */
@Injectable()
export class RequestValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const { metatype, type } = metadata;
    if (type === 'custom' || !metatype || PRIMITIVES.includes(metatype)) return value;
    const input = value === undefined || value === null ? {} : value;
    if (typeof input !== 'object' || Array.isArray(input)) {
      throw validationFailed([{ path: '', message: 'must be a JSON object' }]);
    }
    const instance = plainToInstance(metatype as new () => object, input, { enableImplicitConversion: type === 'query' });
    const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: false });
    if (errors.length > 0) throw validationFailed(toFieldErrors(errors));
    return instance;
  }
}
