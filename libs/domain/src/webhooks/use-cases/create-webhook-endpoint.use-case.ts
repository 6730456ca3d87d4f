import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig, resolvedOutboundUrlProblem, rowLabel, SecretBox } from '@hcs/platform';
import { DomainError, FieldError, validationFailed } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import { eventListProblems } from '../rules/endpoint-input';
import { newWebhookSecret } from '../rules/webhook-secret';
import type { WebhookEndpointRecord } from '../webhook.types';
import { Outcome } from '@hcs/contracts';
import { webhookEndpointView } from '../webhook.views';
import { webhookNextActions } from '../next-actions';

export interface CreateWebhookEndpointCommand {
  url: string;
  events: string[];
  description?: string | null;
}

/**
 * Registers a receiver; the signing secret is returned here once and stored only sealed. A tenant
 * has at most `WEBHOOK_MAX_ENDPOINTS_PER_TENANT` endpoints (webhook_endpoint_limit_reached).
 */
@Injectable()
export class CreateWebhookEndpoint {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
  ) {}

  /** Registers the endpoint; the answer carries its signing secret, shown only here. */
  async execute(command: CreateWebhookEndpointCommand, caller: Caller): Promise<Outcome> {
    const { endpoint, secret } = await this.create(caller, command);
    return new Outcome({ ...webhookEndpointView(endpoint), secret }, { status: 201, next_actions: [webhookNextActions.getEndpoint(endpoint.id)] });
  }

  private async create(caller: Caller, command: CreateWebhookEndpointCommand): Promise<{ endpoint: WebhookEndpointRecord; secret: string }> {
    requireKind(caller, 'admin');
    await assertValidTarget(command.url, command.events, this.config.webhookAllowPrivate);
    const limit = this.config.webhookMaxEndpointsPerTenant;
    const count = await this.endpoints.countForTenant(caller.tenantId);
    if (count >= limit) throw new DomainError('webhook_endpoint_limit_reached', { detail: { limit, count } });
    const secret = newWebhookSecret();
    // The id is chosen here so the sealed secret can name its row (docs/security.md "Keys at rest").
    const id = randomUUID();
    const endpoint = await this.endpoints.create({
      id,
      tenantId: caller.tenantId,
      url: command.url,
      events: command.events,
      description: command.description ?? null,
      sealedSecret: this.box.seal(secret, rowLabel('webhook_endpoints', id)),
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
