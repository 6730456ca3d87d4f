import { DomainError } from '../../errors/domain-error';
import { requireKind } from '../../identity/rules/access';
import type { Caller } from '../../identity/principal';
import { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';
import type { WebhookEndpointRecord } from '../webhook.types';

/** Admins only, and only their tenant's endpoints: another tenant's id is webhook_endpoint_not_found. */
export async function adminEndpoint(endpoints: WebhookEndpointRepository, caller: Caller, id: string): Promise<WebhookEndpointRecord> {
  requireKind(caller, 'admin');
  const endpoint = await endpoints.findById(caller.tenantId, id);
  if (!endpoint) throw new DomainError('webhook_endpoint_not_found', { detail: { webhook_id: id } });
  return endpoint;
}
