import { Injectable, PipeTransform } from '@nestjs/common';
import { FlatSearchRequestDto, isFlatSearchBody, SearchRequestDto } from './dto/search.request.dto';
import { RequestValidationPipe } from '../http/request-validation.pipe';

export type ValidatedSearchBody = { variant: 'nested'; body: SearchRequestDto } | { variant: 'flat'; body: FlatSearchRequestDto };

/**
 * Picks the variant of a search body, then validates it with that variant's DTO through the
 * global validation rules, so every failing path is reported at once and named as the caller
 * wrote it (`stay.check_in` or `check_in`); unknown fields are errors in both.
 */
@Injectable()
export class SearchBodyPipe implements PipeTransform {
  private readonly validation = new RequestValidationPipe();

  transform(value: unknown): ValidatedSearchBody {
    if (isFlatSearchBody(value)) {
      return { variant: 'flat', body: this.validation.transform(value, { type: 'body', metatype: FlatSearchRequestDto }) as FlatSearchRequestDto };
    }
    return { variant: 'nested', body: this.validation.transform(value, { type: 'body', metatype: SearchRequestDto }) as SearchRequestDto };
  }
}
