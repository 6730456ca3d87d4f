import type { ListPosition } from '../../webhooks/ports/webhook-endpoint.repository';
import type { ChannelAuthType, ChannelConnectionRecord } from '../channel.types';

export interface NewChannelConnection {
  id: string;
  tenantId: string;
  propertyId: string;
  url: string;
  authType: ChannelAuthType;
  authUsername: string | null;
  /** The password or token, sealed under `rowLabel('channel_connections', id)`. */
  sealedSecret: string;
}

/** Port: a tenant's channel connections. */
export abstract class ChannelConnectionRepository {
  /** Null when the property is not the tenant's. */
  abstract create(input: NewChannelConnection): Promise<ChannelConnectionRecord | null>;
  abstract findById(tenantId: string, id: string): Promise<ChannelConnectionRecord | null>;
  abstract list(tenantId: string, after: ListPosition | null, limit: number): Promise<ChannelConnectionRecord[]>;
  /** Deletes the connection and its deliveries; false when there was none. */
  abstract delete(tenantId: string, id: string): Promise<boolean>;
}
