import { Injectable, Optional } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { CredentialChangeNotifier } from '../../identity/ports/credential-change-notifier';
import { CredentialRepository } from '../../identity/ports/credential.repository';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import type { Caller } from '../../identity/principal';
import { issueSecret } from '../../identity/rules/credential-secret';
import { issuedCredentialView } from '../../identity/identity.views';
import { ChannelPropertyRepository } from '../ports/channel-property.repository';
import { channelNextActions, channelView, ChannelWithSecretView } from '../channel.views';
import { adminsChannel } from './admins-channel';

/**
 * Issues the channel a new credential and revokes the ones it had: a channel manager holds one
 * secret at a time (docs/channels.md). A revoked channel cannot be rotated back to life.
 */
@Injectable()
export class RotateChannelCredential {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    private readonly channelProperties: ChannelPropertyRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  @Transactional()
  async execute(command: { channelId: string }, caller: Caller): Promise<Outcome<ChannelWithSecretView>> {
    const channel = await adminsChannel(this.principals, caller, command.channelId);
    if (channel.status !== 'active') throw new DomainError('channel_revoked', { detail: { channel_id: channel.id } });
    for (const old of await this.credentials.listByPrincipal(caller.tenantId, channel.id)) {
      if (!old.revokedAt) await this.credentials.revoke(caller.tenantId, channel.id, old.id);
    }
    const issued = issueSecret('channel');
    const credential = await this.credentials.create({
      tenantId: caller.tenantId,
      principalId: channel.id,
      secretHash: issued.hash,
      secretPrefix: issued.prefix,
    });
    const properties = await this.channelProperties.propertiesOf(caller.tenantId, [channel.id]);
    await this.notifier?.principalChanged(caller.tenantId, channel.id);
    return new Outcome(
      { channel: channelView(channel, properties.get(channel.id) ?? []), credential: issuedCredentialView(credential, issued.secret) },
      { next_actions: [channelNextActions.get(channel.id)] },
    );
  }
}
