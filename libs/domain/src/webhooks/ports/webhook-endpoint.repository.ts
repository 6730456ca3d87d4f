import type { SealedSecrets, WebhookEndpointRecord } from '../webhook.types';

/** Keyset position of a list ordered by (created_at, id). */
export interface ListPosition {
  createdAt: Date;
  id: string;
}

export interface NewWebhookEndpoint {
  id: string;
  tenantId: string;
  url: string;
  events: string[];
  description: string | null;
  sealedSecret: string;
}

export interface WebhookEndpointPatch {
  url?: string;
  events?: string[];
  description?: string | null;
  status?: 'enabled' | 'disabled';
  disabledReason?: string | null;
}

/** Port: webhook endpoints of a tenant. */
export abstract class WebhookEndpointRepository {
  abstract create(input: NewWebhookEndpoint): Promise<WebhookEndpointRecord>;
  abstract findById(tenantId: string, id: string): Promise<WebhookEndpointRecord | null>;
  abstract list(tenantId: string, after: ListPosition | null, limit: number): Promise<WebhookEndpointRecord[]>;
  abstract update(tenantId: string, id: string, patch: WebhookEndpointPatch): Promise<WebhookEndpointRecord | null>;
  abstract delete(tenantId: string, id: string): Promise<boolean>;
  /** The current secret becomes the previous one, signing until `overlapSeconds` from now. */
  abstract rotateSecret(tenantId: string, id: string, sealedSecret: string, overlapSeconds: number): Promise<WebhookEndpointRecord | null>;
  abstract sealedSecrets(tenantId: string, id: string): Promise<SealedSecrets | null>;
  abstract countForTenant(tenantId: string): Promise<number>;
  /** A failed attempt: starts the failing run if none is open; answers when the run began. */
  abstract noteFailure(tenantId: string, id: string): Promise<Date | null>;
  /** A successful attempt closes the failing run. */
  abstract noteSuccess(tenantId: string, id: string): Promise<void>;
  /**
   * Disables the endpoint by itself (`auto_disabled_at`) if it is enabled and its failing run
   * began at or before `failingBefore` (null: unconditionally, as for 410 Gone); null when not.
   */
  abstract disableAutomatically(tenantId: string, id: string, reason: string, failingBefore: Date | null): Promise<WebhookEndpointRecord | null>;
}
