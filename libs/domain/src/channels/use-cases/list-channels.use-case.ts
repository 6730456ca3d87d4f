import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import type { Caller } from '../../identity/principal';
import { requireKind } from '../../identity/rules/access';
import { ChannelPropertyRepository } from '../ports/channel-property.repository';
import { ChannelView, channelView } from '../channel.views';

/** Every channel of the admin's tenant with its properties, oldest first. */
@Injectable()
export class ListChannels {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly channelProperties: ChannelPropertyRepository,
  ) {}

  async execute(_command: Record<string, never>, caller: Caller): Promise<Outcome<{ items: ChannelView[] }>> {
    requireKind(caller, 'admin');
    const channels = await this.principals.listByKind(caller.tenantId, 'channel');
    const properties = await this.channelProperties.propertiesOf(
      caller.tenantId,
      channels.map((c) => c.id),
    );
    return new Outcome({ items: channels.map((c) => channelView(c, properties.get(c.id) ?? [])) });
  }
}
