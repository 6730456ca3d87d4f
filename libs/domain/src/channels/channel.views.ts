import type { NextAction } from '@hcs/contracts';
import type { Principal, PrincipalStatus, Scope } from '../identity/principal';
import type { CredentialView, IssuedCredentialView } from '../identity/identity.views';

/** A channel manager principal as admins read it (docs/channels.md). */
export interface ChannelView {
  id: string;
  name: string;
  status: PrincipalStatus;
  scopes: Scope[];
  property_ids: string[];
  created_at: string;
}

export type ChannelDetailView = ChannelView & { credentials: CredentialView[] };

/** Creation and rotation: the channel and the credential just issued (its secret shown only here). */
export interface ChannelWithSecretView {
  channel: ChannelView;
  credential: IssuedCredentialView;
}

export function channelView(channel: Principal, propertyIds: string[]): ChannelView {
  return {
    id: channel.id,
    name: channel.name,
    status: channel.status,
    scopes: channel.scopes,
    property_ids: [...propertyIds].sort(),
    created_at: channel.createdAt.toISOString(),
  };
}

export const channelNextActions = {
  get: (channelId: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/channels/${channelId}` }),
};
