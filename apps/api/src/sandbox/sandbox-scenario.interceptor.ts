import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, Observable, switchMap } from 'rxjs';
import { SANDBOX_SCENARIO_HEADER, sandboxScenarioProblem, SandboxScenarios } from '@hcs/adapters';
import { validationFailed } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';

interface ScenarioRequest {
  headers: Record<string, string | string[] | undefined>;
  actor?: { tenantId: string; principalId: string };
}

/** The metadata key under which `@SandboxScenarioHeader` records the scenarios a route accepts. */
export const SANDBOX_SCENARIOS_META = 'hcs:sandbox-scenarios';

/**
 * Accepts or refuses the `Sandbox-Scenario` header of a chain route (docs/sandbox.md) before the
 * route runs; an accepted scenario is put in the request's context, where the ports it acts in
 * read it (`SandboxScenarios`, libs/adapters/src/sandbox/).
 */
@Injectable()
export class SandboxScenarioInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly scenarios: SandboxScenarios,
    private readonly config: AppConfig,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = ctx.switchToHttp().getRequest<ScenarioRequest>();
    const raw = req.headers[SANDBOX_SCENARIO_HEADER.toLowerCase()];
    if (raw === undefined) return next.handle();
    const accepted = this.reflector.get<readonly string[]>(SANDBOX_SCENARIOS_META, ctx.getHandler()) ?? [];
    const value = Array.isArray(raw) ? raw.join(',') : raw.trim();
    const problem = sandboxScenarioProblem(value, accepted, this.config.nodeEnv === 'production');
    if (problem) throw validationFailed([{ path: SANDBOX_SCENARIO_HEADER, message: problem }]);
    return from(this.scenarios.accepted(value, { tenantId: req.actor?.tenantId ?? '', principalId: req.actor?.principalId ?? '' })).pipe(
      switchMap(() => next.handle()),
    );
  }
}
