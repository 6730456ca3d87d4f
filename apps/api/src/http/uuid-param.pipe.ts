import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { validationFailed } from '@hcs/domain';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id must be a UUID (docs/api-contract.md "Money, dates and ids"); anything else is `validation_failed` on that path parameter. */
@Injectable()
export class UuidParamPipe implements PipeTransform<string, string> {
  transform(value: string, metadata: ArgumentMetadata): string {
    if (typeof value !== 'string' || !UUID.test(value)) throw validationFailed([{ path: metadata.data ?? 'id', message: 'must be a UUID' }]);
    return value.toLowerCase();
  }
}
