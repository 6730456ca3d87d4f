import { Injectable } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';
import { newTraceId } from '../trace/traceparent';

/** Keys of the per-request (or per-job) async context. */
export const CONTEXT_KEYS = { traceId: 'trace_id' } as const;

/**
 * The trace of whatever is running now (an HTTP request, an MCP call, a worker job), read from
 * the async-local context so that use cases, audit and logs never take a trace id from a body.
 */
@Injectable()
export class RequestContext {
  constructor(private readonly cls: ClsService) {}

  get traceId(): string {
    const current = this.cls.isActive() ? (this.cls.get<string>(CONTEXT_KEYS.traceId) as string | undefined) : undefined;
    return current ?? newTraceId();
  }

  /**
   * Runs `fn` synchronously in a fresh context for one HTTP request (the api's request-context
   * middleware): one AsyncLocalStorage run, no promise, no plugin hooks.
   */
  runForRequest(traceId: string | undefined, fn: () => void): void {
    this.cls.runWith({}, () => {
      if (traceId !== undefined) this.cls.set(CONTEXT_KEYS.traceId, traceId);
      fn();
    });
  }

  /** Runs `fn` in a fresh context carrying `traceId` (worker jobs, CLI commands). */
  runWithTrace<T>(traceId: string, fn: () => Promise<T>): Promise<T> {
    return this.cls.run(async () => {
      this.cls.set(CONTEXT_KEYS.traceId, traceId);
      return fn();
    });
  }
}
