import { Injectable } from '@nestjs/common';
import { ClsService } from 'nestjs-cls';

const KEY = 'sandbox_scenario';

/**
 * The sandbox scenario of whatever is running now (docs/sandbox.md): set by the api from the
 * `Sandbox-Scenario` header or the MCP `sandbox_scenario` argument once it has been accepted, read
 * by the use cases; it follows the request into work it leaves running (a payment past its budget).
 */
@Injectable()
export class SandboxScenarioContext {
  constructor(private readonly cls: ClsService) {}

  get current(): string | null {
    return this.cls.isActive() ? (this.cls.get<string | undefined>(KEY) ?? null) : null;
  }

  set(scenario: string): void {
    this.cls.set(KEY, scenario);
  }
}
