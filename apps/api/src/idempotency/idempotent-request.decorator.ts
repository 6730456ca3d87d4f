import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { IdempotentRequest } from '@hcs/domain';

/** Where the idempotency interceptor leaves the request's record for the handler. */
export const IDEMPOTENT_REQUEST = Symbol('hcs:idempotent-request');

/**
 * The request's idempotency record (`IdempotentRequest`) for the handler to put in its use case's
 * command; null when the request carries no key.
 */
export const CurrentIdempotentRequest = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): IdempotentRequest | null =>
    ctx.switchToHttp().getRequest<{ [IDEMPOTENT_REQUEST]?: IdempotentRequest }>()[IDEMPOTENT_REQUEST] ?? null,
);
