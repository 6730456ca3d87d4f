import { applyDecorators, SetMetadata, Type, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { SANDBOX_SCENARIO_HEADER, SANDBOX_SCENARIOS, SANDBOX_SCENARIOS_BY_CAPABILITY } from '@hcs/adapters';
import { SANDBOX_SCENARIOS_META, SandboxScenarioInterceptor } from './sandbox-scenario.interceptor';

/**
 * A chain route that takes the `Sandbox-Scenario` header (docs/sandbox.md): the scenarios of its
 * capability run outside production; any other value, or any value in production, is
 * `validation_failed`. The MCP tool mirroring the route takes the same as `sandbox_scenario`.
 */
export const SandboxScenarioHeader = (capability: string) => {
  const accepted = SANDBOX_SCENARIOS_BY_CAPABILITY[capability] ?? [];
  const described = accepted.map((name) => `${name}: ${SANDBOX_SCENARIOS[name]}`).join(' ');
  return applyDecorators(
    SetMetadata(SANDBOX_SCENARIOS_META, accepted),
    UseInterceptors(SandboxScenarioInterceptor),
    ApiHeader({
      name: SANDBOX_SCENARIO_HEADER,
      required: false,
      description:
        `Outside production only (refused with validation_failed in production): rehearse a documented failure with all its real effects (docs/sandbox.md).` +
        (accepted.length > 0 ? ` Here: ${described}` : ' This operation takes none.'),
      schema: accepted.length > 0 ? { type: 'string', enum: [...accepted] } : { type: 'string' },
    }),
  );
};

/** The scenarios a route accepts, or null when it is not a route that takes the header. */
export function sandboxScenariosOf(controller: Type, handler: string): readonly string[] | null {
  const method = (controller.prototype as Record<string, unknown>)[handler];
  return typeof method === 'function' ? ((Reflect.getMetadata(SANDBOX_SCENARIOS_META, method) as readonly string[] | undefined) ?? null) : null;
}
