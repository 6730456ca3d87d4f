import { Injectable } from '@nestjs/common';
import { ListPosition, NewWebhookEndpoint, SealedSecrets, WebhookEndpointPatch, WebhookEndpointRecord, WebhookEndpointRepository } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import {
  deleteEndpoint,
  disableEndpointAutomatically,
  endpointById,
  endpointCount,
  endpointPage,
  insertEndpoint,
  noteEndpointFailure,
  noteEndpointSuccess,
  rotateEndpointSecret,
  sealedSecretsOf,
  toWebhookEndpoint,
  updateEndpoint,
} from './webhook-endpoint-row';

/** Webhook endpoints; the sealed secrets leave this class only through `sealedSecrets`. */
@Injectable()
export class SqlWebhookEndpointRepository extends WebhookEndpointRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(e: NewWebhookEndpoint): Promise<WebhookEndpointRecord> {
    const [row] = await this.sql.run(insertEndpoint, [e.id, e.tenantId, e.url, e.events, e.description, e.sealedSecret]);
    return toWebhookEndpoint(row);
  }

  async findById(tenantId: string, id: string): Promise<WebhookEndpointRecord | null> {
    const [row] = await this.sql.run(endpointById, [tenantId, id]);
    return row ? toWebhookEndpoint(row) : null;
  }

  async list(tenantId: string, after: ListPosition | null, limit: number): Promise<WebhookEndpointRecord[]> {
    const rows = await this.sql.run(endpointPage, [tenantId, after?.createdAt ?? null, after?.id ?? null, limit]);
    return rows.map(toWebhookEndpoint);
  }

  async update(tenantId: string, id: string, p: WebhookEndpointPatch): Promise<WebhookEndpointRecord | null> {
    const [row] = await this.sql.run(updateEndpoint, [
      tenantId,
      id,
      p.url ?? null,
      p.events ?? null,
      p.description !== undefined,
      p.description ?? null,
      p.status ?? null,
      p.disabledReason ?? null,
    ]);
    return row ? toWebhookEndpoint(row) : null;
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.sql.run(deleteEndpoint, [tenantId, id])).length > 0;
  }

  async rotateSecret(tenantId: string, id: string, sealedSecret: string, overlapSeconds: number): Promise<WebhookEndpointRecord | null> {
    const [row] = await this.sql.run(rotateEndpointSecret, [tenantId, id, sealedSecret, overlapSeconds]);
    return row ? toWebhookEndpoint(row) : null;
  }

  async countForTenant(tenantId: string): Promise<number> {
    const [row] = await this.sql.run(endpointCount, [tenantId]);
    return row?.n ?? 0;
  }

  async noteFailure(tenantId: string, id: string): Promise<Date | null> {
    const [row] = await this.sql.run(noteEndpointFailure, [tenantId, id]);
    return row?.failing_since ?? null;
  }

  async noteSuccess(tenantId: string, id: string): Promise<void> {
    await this.sql.run(noteEndpointSuccess, [tenantId, id]);
  }

  async disableAutomatically(tenantId: string, id: string, reason: string, failingBefore: Date | null): Promise<WebhookEndpointRecord | null> {
    const [row] = await this.sql.run(disableEndpointAutomatically, [tenantId, id, reason, failingBefore]);
    return row ? toWebhookEndpoint(row) : null;
  }

  async sealedSecrets(tenantId: string, id: string): Promise<SealedSecrets | null> {
    const [row] = await this.sql.run(sealedSecretsOf, [tenantId, id]);
    return row ?? null;
  }
}
