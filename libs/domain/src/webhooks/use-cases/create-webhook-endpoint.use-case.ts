import { Injectable } from '@nestjs/common';
import { AppConfig, resolvedOutboundUrlProblem, SecretBox } from '@hcs/platform';
import { FieldError, validationFailed } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook.repositories';
import { eventListProblems } from '../rules/endpoint-input';
import { newWebhookSecret } from '../rules/webhook-secret';
import type { WebhookEndpointRecord } from '../webhook.types';

export interface CreateWebhookEndpointCommand {
  url: string;
  events: string[];
  description?: string | null;
}

/** Registers a receiver; the signing secret is returned here once and stored only sealed. */
@Injectable()
export class CreateWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
  ) {}

  async execute(caller: Caller, command: CreateWebhookEndpointCommand): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    requireKind(caller, 'admin');
    await assertValidTarget(command.url, command.events, this.config.webhookAllowPrivate);
    const secret = newWebhookSecret();
    const endpoint = await this.endpoints.create({
      tenantId: caller.tenantId,
      url: command.url,
      events: command.events,
      description: command.description ?? null,
      sealedSecret: this.box.seal(secret),
    });
    return { endpoint, secret };
  }
}

/** url under the outbound address rule (names resolved) and events[] from the subscribable list, all problems at once. */
export async function assertValidTarget(url: string | undefined, events: string[] | undefined, allowPrivate: boolean): Promise<void> {
  const problems: FieldError[] = [];
  if (url !== undefined) {
    const problem = await resolvedOutboundUrlProblem(url, { allowPrivate });
    if (problem) problems.push({ path: 'url', message: problem });
  }
  if (events !== undefined) problems.push(...eventListProblems(events));
  if (problems.length > 0) throw validationFailed(problems);
}
