import { Injectable, Optional } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { CredentialChangeNotifier } from '../../identity/ports/credential-change-notifier';
import { CredentialRepository } from '../../identity/ports/credential.repository';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import type { Caller } from '../../identity/principal';
import { ChannelPropertyRepository } from '../ports/channel-property.repository';
import { channelNextActions, ChannelView, channelView } from '../channel.views';
import { adminsChannel } from './admins-channel';

/** Revokes every credential of the channel and disables it; revoking twice changes nothing more. */
@Injectable()
export class RevokeChannel {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    private readonly channelProperties: ChannelPropertyRepository,
    @Optional() private readonly notifier?: CredentialChangeNotifier,
  ) {}

  @Transactional()
  async execute(command: { channelId: string }, caller: Caller): Promise<Outcome<ChannelView>> {
    const channel = await adminsChannel(this.principals, caller, command.channelId);
    for (const credential of await this.credentials.listByPrincipal(caller.tenantId, channel.id)) {
      if (!credential.revokedAt) await this.credentials.revoke(caller.tenantId, channel.id, credential.id);
    }
    const disabled = (await this.principals.update(caller.tenantId, channel.id, 'channel', { status: 'disabled' })) ?? channel;
    const properties = await this.channelProperties.propertiesOf(caller.tenantId, [channel.id]);
    await this.notifier?.principalChanged(caller.tenantId, channel.id);
    return new Outcome(channelView(disabled, properties.get(channel.id) ?? []), { next_actions: [channelNextActions.get(channel.id)] });
  }
}
