import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { validationFailed } from '../../errors/domain-error';
import { CredentialRepository } from '../../identity/ports/credential.repository';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import { CHANNEL_SCOPES, Caller } from '../../identity/principal';
import { requireKind } from '../../identity/rules/access';
import { issueSecret } from '../../identity/rules/credential-secret';
import { issuedCredentialView } from '../../identity/identity.views';
import { ChannelPropertyRepository } from '../ports/channel-property.repository';
import { channelNextActions, channelView, ChannelWithSecretView } from '../channel.views';

export interface CreateChannelCommand {
  name: string;
  propertyIds: string[];
}

/**
 * Creates a channel manager principal (scope `ari:write`) for some properties of the admin's
 * tenant, with its first credential, atomically; the secret is shown only in this answer.
 */
@Injectable()
export class CreateChannel {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly credentials: CredentialRepository,
    private readonly channelProperties: ChannelPropertyRepository,
  ) {}

  @Transactional()
  async execute(command: CreateChannelCommand, caller: Caller): Promise<Outcome<ChannelWithSecretView>> {
    requireKind(caller, 'admin');
    const propertyIds = [...new Set(command.propertyIds.map((id) => id.toLowerCase()))];
    const known = new Set(await this.channelProperties.existing(caller.tenantId, propertyIds));
    const unknown = command.propertyIds.map((id, i) => ({ id, i })).filter(({ id }) => !known.has(id.toLowerCase()));
    if (unknown.length > 0) throw validationFailed(unknown.map(({ i }) => ({ path: `property_ids.${i}`, message: 'is not a property of the tenant' })));
    const channel = await this.principals.create({ tenantId: caller.tenantId, kind: 'channel', name: command.name, scopes: [...CHANNEL_SCOPES] });
    await this.channelProperties.grant(caller.tenantId, channel.id, propertyIds);
    const issued = issueSecret('channel');
    const credential = await this.credentials.create({
      tenantId: caller.tenantId,
      principalId: channel.id,
      secretHash: issued.hash,
      secretPrefix: issued.prefix,
    });
    return new Outcome(
      { channel: channelView(channel, propertyIds), credential: issuedCredentialView(credential, issued.secret) },
      { next_actions: [channelNextActions.get(channel.id)] },
    );
  }
}
