import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { AppConfig, RequestContext } from '@hcs/platform';
import { OutboxWriter } from '../../booking/ports/outbox-writer';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { AttemptVerdict } from '../rules/delivery-outcome';
import { failingRunExpired, FAILURE_DISABLE_REASON, GONE_DISABLE_REASON } from '../rules/endpoint-health';
import { webhookEndpointView } from '../webhook.views';

/**
 * Keeps an endpoint's failing run after each attempt (docs/events.md "Automatic disabling"): a
 * success closes it, the first failure opens it, and a failure once the run spans
 * `WEBHOOK_DISABLE_AFTER_HOURS` disables the endpoint with a `webhook_endpoint.disabled` event
 * (as does a 410 Gone at once). Only the first failure of a run and the disabling write.
 */
@Injectable()
export class EndpointHealth {
  constructor(
    private readonly endpoints: WebhookEndpointRepository,
    private readonly outbox: OutboxWriter,
    private readonly context: RequestContext,
    private readonly config: AppConfig,
  ) {}

  async afterAttempt(tenantId: string, endpointId: string, verdict: AttemptVerdict, failingSince: Date | null, now = new Date()): Promise<void> {
    if (verdict === 'succeeded') {
      if (failingSince) await this.endpoints.noteSuccess(tenantId, endpointId);
      return;
    }
    if (verdict === 'gone') {
      await this.disable(tenantId, endpointId, GONE_DISABLE_REASON, null);
      return;
    }
    const since = failingSince ?? (await this.endpoints.noteFailure(tenantId, endpointId));
    const hours = this.config.webhookDisableAfterHours;
    if (since && failingRunExpired(since, now, hours)) {
      // The database re-checks against its own copy of the run's start (a success may have closed it meanwhile).
      await this.disable(tenantId, endpointId, FAILURE_DISABLE_REASON(hours), new Date(now.getTime() - hours * 3_600_000));
    }
  }

  @Transactional()
  private async disable(tenantId: string, endpointId: string, reason: string, failingBefore: Date | null): Promise<void> {
    const disabled = await this.endpoints.disableAutomatically(tenantId, endpointId, reason, failingBefore);
    if (!disabled) return; // already disabled, deleted, or recovered meanwhile
    await this.outbox.append({
      tenantId,
      type: 'webhook_endpoint.disabled',
      aggregateType: 'webhook_endpoint',
      aggregateId: endpointId,
      payload: webhookEndpointView(disabled),
      traceId: this.context.traceId,
    });
  }
}
