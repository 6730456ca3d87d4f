import { Global, Module } from '@nestjs/common';
import { ClsModule } from 'nestjs-cls';
import { RequestContext } from './request-context';
import { SandboxScenarioContext } from './sandbox-scenario.context';

/**
 * Async-local context for every request, job and command. The api opens it per request with its
 * own middleware (apps/api/src/http/request-context.middleware.ts), not nestjs-cls's: that one
 * awaits plugin hooks and resolves proxy providers (a `require` per request) that nothing here
 * uses (docs/performance.md, "The pipeline, piece by piece").
 */
@Global()
@Module({
  imports: [ClsModule.forRoot({ global: true, middleware: { mount: false } })],
  providers: [RequestContext, SandboxScenarioContext],
  exports: [RequestContext, SandboxScenarioContext],
})
export class RequestContextModule {}
