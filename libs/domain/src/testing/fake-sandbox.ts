import type { RequestContext, SandboxScenarioContext } from '@hcs/platform';
import { SandboxEffects } from '../booking/ports/sandbox-effects';
import { SandboxScenarios } from '../booking/use-cases/sandbox-scenarios';

/** Sandbox effects that record what a scenario changed (docs/sandbox.md). */
export class FakeSandboxEffects extends SandboxEffects {
  calls: string[] = [];
  now = new Date('2030-01-01T00:00:00Z');
  async expireQuoteNow(tenantId: string, quoteId: string) {
    this.calls.push(`quote ${tenantId} ${quoteId}`);
    return this.now;
  }
  async expireHoldNow(tenantId: string, holdId: string) {
    this.calls.push(`hold ${tenantId} ${holdId}`);
    return this.now;
  }
  async markReceiverDown(tenantId: string, traceId: string) {
    this.calls.push(`down ${tenantId} ${traceId}`);
  }
}

/** The request's scenario, as the api's interceptor would have set it. */
export class FakeScenarioContext {
  current: string | null = null;
  set(value: string) {
    this.current = value;
  }
}

/** `SandboxScenarios` over fakes; with no scenario set it changes nothing, as for any request without the header. */
export function fakeSandbox(effects = new FakeSandboxEffects(), scenario = new FakeScenarioContext()): SandboxScenarios {
  return new SandboxScenarios(scenario as unknown as SandboxScenarioContext, effects, { traceId: 'trace-1' } as RequestContext);
}
