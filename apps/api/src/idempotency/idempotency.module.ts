import { Global, Module } from '@nestjs/common';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IdempotencyService } from './idempotency.service';

/** The one idempotency implementation every `@Idempotent()` route (and later MCP tool) uses. */
@Global()
@Module({ providers: [IdempotencyService, IdempotencyInterceptor], exports: [IdempotencyService, IdempotencyInterceptor] })
export class IdempotencyModule {}
