import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENT, IdempotentOptions } from './idempotent-options';

/**
 * Makes a POST route idempotent (docs/api-contract.md "Idempotency") through the one shared interceptor: key from the
 * `Idempotency-Key` header or the body field `idempotency_key`, scoped to tenant + principal +
 * route + key, stored response replayed with `Idempotent-Replayed: true`.
 */
export const Idempotent = (options: IdempotentOptions) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT, options),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: options.required && !options.unlessBodyField,
      description:
        '1-255 characters; also accepted as body field `idempotency_key`. A retry with the same key and body replays the stored answer (header Idempotent-Replayed: true); the same key with another body is idempotency_conflict.' +
        (options.required && options.unlessBodyField ? ` Required unless the body carries \`${options.unlessBodyField}\`.` : ''),
    }),
  );
