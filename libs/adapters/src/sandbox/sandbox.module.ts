import { Global, Module } from '@nestjs/common';
import { SandboxEffects } from './sandbox-effects';
import { SandboxScenarios } from './sandbox-scenarios';

/**
 * Sandbox scenarios (docs/sandbox.md): what the api calls when it accepts one (`SandboxScenarios`)
 * and their SQL. The ports they act in are wrapped where they are bound: the database ports by
 * `sandboxPortDecorations` (ServiceCoreModule), the webhook sender by `sandboxWebhookSender`.
 */
@Global()
@Module({
  providers: [SandboxEffects, SandboxScenarios],
  exports: [SandboxEffects, SandboxScenarios],
})
export class SandboxModule {}
