import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { createHash } from 'node:crypto';
import { from, lastValueFrom, Observable } from 'rxjs';
import canonicalize from 'canonicalize';
import { Outcome, renderSuccess } from '@hcs/contracts';
import type { AuthenticatedRequest } from '@hcs/auth';
import { continuationOf, DomainError, validationFailed } from '@hcs/domain';
import { AppConfig, RequestContext } from '@hcs/platform';
import { renderError, toFailure } from '../http/error-envelope';
import { RawResponse } from '../http/raw-response';
import { IDEMPOTENT, IdempotentOptions } from './idempotent.decorator';
import { Execution, IdempotencyService } from './idempotency.service';

interface IdempotentRequest extends AuthenticatedRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  params?: Record<string, string>;
  route?: { path?: string };
}

export const BODY_KEY_FIELD = 'idempotency_key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
const DEFAULT_WAIT_MS = 10_000;
/** Beyond the payment budget, what a duplicate of a booking also allows for the database work around it. */
const PAYMENT_WAIT_MARGIN_MS = 5_000;

/**
 * The HTTP side of idempotency: reads the key, hashes the request (path parameters and the JCS
 * of the body without `idempotency_key`), lets `IdempotencyService` decide between running the
 * handler and replaying, and renders outcomes exactly as the envelope interceptor and error
 * filter do, so that a replay is byte-for-byte the first answer.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly service: IdempotencyService,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.handle(ctx, next));
  }

  private async handle(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    const options = this.reflector.get<IdempotentOptions>(IDEMPOTENT, ctx.getHandler());
    const req = ctx.switchToHttp().getRequest<IdempotentRequest>();
    const key = this.keyOf(req, options.required && !bodyHas(req.body, options.unlessBodyField));
    if (key === null || !req.actor) return lastValueFrom(next.handle());

    const { [BODY_KEY_FIELD]: _omitted, ...body } = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const requestHash = createHash('sha256')
      .update(canonicalize({ params: req.params ?? {}, body }) ?? '')
      .digest('hex');
    const route = `${req.method} ${req.route?.path ?? ctx.getClass().name + '.' + ctx.getHandler().name}`;
    const scope = { tenantId: req.actor.tenantId, principalId: req.actor.principalId, route, key };
    const defaultStatus =
      this.reflector.get<number | undefined>(HTTP_CODE_METADATA, ctx.getHandler()) ?? (req.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
    const traceId = this.context.traceId;

    const render = (outcome: unknown) =>
      outcome instanceof Outcome
        ? { status: outcome.meta.status ?? defaultStatus, body: renderSuccess(outcome, traceId) }
        : this.renderFailure(new Error('an idempotent route must return an Outcome'), traceId);
    const failure: { thrown: boolean; error?: unknown } = { thrown: false };
    const execute = async (): Promise<Execution> => {
      try {
        return { response: render(await lastValueFrom(next.handle())) };
      } catch (error) {
        failure.thrown = true;
        failure.error = error;
        const continuation = continuationOf(error);
        return {
          response: this.renderFailure(error, traceId),
          continuation: continuation?.then(render, (late: unknown) => this.renderFailure(late, traceId)),
        };
      }
    };

    const stillRunning = () =>
      options.stillRunning === 'payment_timeout'
        ? new DomainError('payment_timeout', {
            message: 'The first request with this Idempotency-Key is still waiting for the payment provider.',
            detail: { idempotency_key: key },
          })
        : new DomainError('idempotency_conflict', {
            message: 'A request with this Idempotency-Key is still in progress.',
            detail: { idempotency_key: key, in_progress: true },
            retryAfter: 1,
          });
    const waitMs = options.waitForPaymentBudget ? this.config.paymentTimeoutMs + PAYMENT_WAIT_MARGIN_MS : DEFAULT_WAIT_MS;

    const run = await this.service.run(scope, requestHash, execute, waitMs, stillRunning);
    if (run.replayed) return new RawResponse(run.response.status, run.response.body, { [REPLAYED_HEADER]: 'true' });
    // The first execution's failure goes to the error filter as usual (it renders the same body).
    if (failure.thrown) throw failure.error;
    return new RawResponse(run.response.status, run.response.body);
  }
  private renderFailure(error: unknown, traceId: string) {
    const { status, body } = renderError(toFailure(error), traceId, this.config.docsUrl);
    return { status, body };
  }

  /** The request's key (header first, else body field); null when absent and optional. */
  private keyOf(req: IdempotentRequest, required: boolean): string | null {
    const header = req.headers['idempotency-key'];
    const fromHeader = Array.isArray(header) ? header[0] : header;
    const fromBody = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>)[BODY_KEY_FIELD] : undefined;
    if (fromHeader !== undefined && fromBody !== undefined && fromHeader !== fromBody) {
      throw validationFailed([{ path: BODY_KEY_FIELD, message: 'differs from the Idempotency-Key header; send one key' }]);
    }
    const key = fromHeader ?? fromBody;
    if (key === undefined) {
      if (required)
        throw validationFailed([{ path: 'Idempotency-Key', message: 'this operation needs an Idempotency-Key header (or body field idempotency_key)' }]);
      return null;
    }
    if (typeof key !== 'string' || key.length < 1 || key.length > 255) {
      throw validationFailed([{ path: fromHeader !== undefined ? 'Idempotency-Key' : BODY_KEY_FIELD, message: 'must be a string of 1 to 255 characters' }]);
    }
    return key;
  }
}

/** Whether the body carries the field that makes a required key optional. */
function bodyHas(body: unknown, field: string | undefined): boolean {
  return field !== undefined && !!body && typeof body === 'object' && (body as Record<string, unknown>)[field] !== undefined;
}
