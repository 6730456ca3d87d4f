import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { CredentialRepository } from '../../identity/ports/credential.repository';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import type { Caller } from '../../identity/principal';
import { credentialView } from '../../identity/identity.views';
import { ChannelPropertyRepository } from '../ports/channel-property.repository';
import { ChannelDetailView, channelView } from '../channel.views';
import { adminsChannel } from './admins-channel';

/** One channel of the admin's tenant with its properties and credentials (never their secrets). */
@Injectable()
export class GetChannel {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    private readonly channelProperties: ChannelPropertyRepository,
  ) {}

  async execute(command: { channelId: string }, caller: Caller): Promise<Outcome<ChannelDetailView>> {
    const channel = await adminsChannel(this.principals, caller, command.channelId);
    const properties = await this.channelProperties.propertiesOf(caller.tenantId, [channel.id]);
    const credentials = await this.credentials.listByPrincipal(caller.tenantId, channel.id);
    return new Outcome({ ...channelView(channel, properties.get(channel.id) ?? []), credentials: credentials.map(credentialView) });
  }
}
