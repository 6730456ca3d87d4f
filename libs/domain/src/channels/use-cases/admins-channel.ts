import { DomainError } from '../../errors/domain-error';
import type { Principal, Caller } from '../../identity/principal';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import { requireKind } from '../../identity/rules/access';
import { isUuid } from '../../identity/rules/uuid';

/** The admin's channel by id, or `channel_not_found` (another tenant's id included). */
export async function adminsChannel(principals: PrincipalRepository, caller: Caller, channelId: string): Promise<Principal> {
  requireKind(caller, 'admin');
  const channel = isUuid(channelId) ? await principals.findByIdAndKind(caller.tenantId, channelId, 'channel') : null;
  if (!channel) throw new DomainError('channel_not_found', { detail: { channel_id: channelId } });
  return channel;
}
