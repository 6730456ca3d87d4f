import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { ErrorCode } from '@hcs/contracts';
import { IdempotencyInterceptor } from './idempotency.interceptor';

export const IDEMPOTENT = 'hcs:idempotent';

export interface IdempotentOptions {
  /** A request without a key is `validation_failed` (POST /v1/bookings). */
  required: boolean;
  /** A required key may be left out when the body carries this field (POST /v1/bookings: `client_reference`). */
  unlessBodyField?: string;
  /**
   * What a duplicate gets when the first request with its key is still running after the wait:
   * `payment_timeout` for bookings (the outcome is not known yet), else `idempotency_conflict`.
   */
  stillRunning?: Extract<ErrorCode, 'payment_timeout' | 'idempotency_conflict'>;
  /** How long a duplicate waits for the first request: 10 s, or PAYMENT_TIMEOUT_MS + 5 s for bookings. */
  waitForPaymentBudget?: boolean;
  /**
   * The key is claimed by the use case's first read rather than by a statement of its own before
   * the use case (`IdempotentRequest.pendingClaim`, docs/booking-chain.md "Idempotency inside the
   * chain's statements"). Only for a route whose use case passes the request's record to its first
   * read and writes nothing before it.
   */
  claimOnFirstRead?: boolean;
}

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
