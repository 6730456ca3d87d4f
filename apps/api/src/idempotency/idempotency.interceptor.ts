import { CallHandler, ExecutionContext, HttpStatus, Injectable, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { from, lastValueFrom, Observable } from 'rxjs';
import type { AuthenticatedRequest } from '@hcs/auth';
import { type IdempotentRequest, validationFailed } from '@hcs/domain';
import { RawResponse } from '../http/raw-response';
import { BODY_KEY_FIELD, checkedKey, REPLAYED_HEADER } from './idempotency-key';
import { IDEMPOTENT, IdempotentOptions } from './idempotent-options';
import { IDEMPOTENT_REQUEST } from './idempotent-request.decorator';
import { IdempotencyService } from './idempotency.service';

interface IdempotentHttpRequest extends AuthenticatedRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body?: unknown;
  params?: Record<string, string>;
  route?: { path?: string };
  [IDEMPOTENT_REQUEST]?: IdempotentRequest;
}

/**
 * The HTTP side of idempotency: reads the key (header or body field), describes the call to
 * `IdempotencyService`, and answers with its rendered response (`Idempotent-Replayed: true` on a
 * replay).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly service: IdempotencyService,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    return from(this.handle(ctx, next));
  }

  private async handle(ctx: ExecutionContext, next: CallHandler): Promise<unknown> {
    const options = this.reflector.get<IdempotentOptions>(IDEMPOTENT, ctx.getHandler());
    const req = ctx.switchToHttp().getRequest<IdempotentHttpRequest>();
    const key = this.keyOf(req, options.required && !bodyHas(req.body, options.unlessBodyField));
    if (key === null || !req.actor) return lastValueFrom(next.handle());

    const run = await this.service.run({
      tenantId: req.actor.tenantId,
      principalId: req.actor.principalId,
      route: `${req.method} ${req.route?.path ?? ctx.getClass().name + '.' + ctx.getHandler().name}`,
      key,
      keyName: 'Idempotency-Key',
      params: req.params ?? {},
      body: (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>,
      options,
      defaultStatus:
        this.reflector.get<number | undefined>(HTTP_CODE_METADATA, ctx.getHandler()) ?? (req.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK),
      execute: (request) => {
        req[IDEMPOTENT_REQUEST] = request;
        return lastValueFrom(next.handle());
      },
    });
    if (run.replayed) return new RawResponse(run.response.status, run.response.body, { [REPLAYED_HEADER]: 'true' });
    // The first execution's failure goes to the error filter as usual (it renders the same body).
    if (run.thrown) throw run.thrown.error;
    return new RawResponse(run.response.status, run.response.body);
  }

  /** The request's key (header first, else body field); null when absent and optional. */
  private keyOf(req: IdempotentHttpRequest, required: boolean): string | null {
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
    return checkedKey(key, fromHeader !== undefined ? 'Idempotency-Key' : BODY_KEY_FIELD);
  }
}

/** Whether the body carries the field that makes a required key optional. */
function bodyHas(body: unknown, field: string | undefined): boolean {
  return field !== undefined && !!body && typeof body === 'object' && (body as Record<string, unknown>)[field] !== undefined;
}
