import { rowLabel, type SecretBox } from '@hcs/platform';
import type { WebhookEndpointRepository } from '../ports/webhook-endpoint.repository';

/** Per-attempt budget of a receiver (docs/events.md "Retries"). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The plain secrets that sign for an endpoint now: the current one, and the previous one during its overlap. */
export async function signingSecrets(endpoints: WebhookEndpointRepository, box: SecretBox, tenantId: string, endpointId: string): Promise<string[] | null> {
  const sealed = await endpoints.sealedSecrets(tenantId, endpointId);
  if (!sealed) return null;
  return [sealed.current, ...(sealed.previous ? [sealed.previous] : [])].map((s) => box.open(s, rowLabel('webhook_endpoints', endpointId)));
}
