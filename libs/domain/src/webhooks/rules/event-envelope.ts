import type { OutboxEventRecord } from '../webhook.types';

/**
 * The body every receiver gets: `{id, type, created_at, tenant_id, sequence, data}`, `data` being
 * the REST read shape of the resource. Built from the outbox row alone, so every attempt of a
 * delivery sends the same bytes.
 */
export function eventEnvelope(event: OutboxEventRecord) {
  return {
    id: event.id,
    type: event.type,
    created_at: event.createdAt.toISOString(),
    tenant_id: event.tenantId,
    sequence: event.sequence,
    data: event.payload,
  };
}
