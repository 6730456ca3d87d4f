import { Global, Module } from '@nestjs/common';
import { ClsModule } from 'nestjs-cls';
import { CONTEXT_KEYS, RequestContext } from './request-context';
import { SandboxScenarioContext } from './sandbox-scenario.context';

interface TracedRequest {
  traceContext?: { traceId: string };
}

/**
 * Async-local context for every request: the HTTP trace middleware has already parsed
 * `traceparent`; this copies the trace id into the context that services read.
 */
@Global()
@Module({
  imports: [
    ClsModule.forRoot({
      global: true,
      middleware: {
        mount: true,
        setup: (cls, req: TracedRequest) => {
          if (req.traceContext) cls.set(CONTEXT_KEYS.traceId, req.traceContext.traceId);
        },
      },
    }),
  ],
  providers: [RequestContext, SandboxScenarioContext],
  exports: [RequestContext, SandboxScenarioContext],
})
export class RequestContextModule {}
