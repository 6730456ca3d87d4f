import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NextAction } from '@hcs/contracts';
import { Outcome } from '@hcs/contracts';
import { AppConfig, resolvedOutboundUrlProblem, rowLabel, SecretBox } from '@hcs/platform';
import { DomainError, FieldError, validationFailed } from '../../errors/domain-error';
import type { Caller } from '../../identity/principal';
import { requireKind } from '../../identity/rules/access';
import { isUuid } from '../../identity/rules/uuid';
import { decodeListCursor, pageOf } from '../../webhooks/rules/list-cursor';
import type { ChannelConnectionRecord } from '../channel.types';
import { channelConnectionView } from '../channel-connection.views';
import { ChannelConnectionRepository } from '../ports/channel-connection.repository';
import { channelAuthInput } from '../rules/connection-input';

export const connectionNextActions = {
  getConnection: (id: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/channel-connections/${id}` }),
  listDeliveries: (id: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/channel-connections/${id}/deliveries` }),
};

/** Admins only, and only their tenant's connections: another tenant's id is channel_connection_not_found. */
export async function adminConnection(connections: ChannelConnectionRepository, caller: Caller, id: string): Promise<ChannelConnectionRecord> {
  requireKind(caller, 'admin');
  const connection = await connections.findById(caller.tenantId, id);
  if (!connection) throw new DomainError('channel_connection_not_found', { detail: { connection_id: id } });
  return connection;
}

export interface CreateChannelConnectionCommand {
  property_id: string;
  url: string;
  auth: unknown;
}

/**
 * Connects a channel manager to a property (docs/channels-out.md "Connections"): the URL under the
 * webhooks' outbound address rule (`WEBHOOK_ALLOW_PRIVATE` included), the password or token sealed
 * at rest under the connection's row and never read back.
 */
@Injectable()
export class CreateChannelConnection {
  constructor(
    private readonly connections: ChannelConnectionRepository,
    private readonly box: SecretBox,
    private readonly config: AppConfig,
  ) {}

  async execute(command: CreateChannelConnectionCommand, caller: Caller): Promise<Outcome> {
    requireKind(caller, 'admin');
    const problems: FieldError[] = [];
    if (!isUuid(command.property_id)) problems.push({ path: 'property_id', message: 'must be a UUID' });
    const urlProblem = await resolvedOutboundUrlProblem(command.url, { allowPrivate: this.config.webhookAllowPrivate });
    if (urlProblem) problems.push({ path: 'url', message: urlProblem });
    const auth = channelAuthInput(command.auth, problems);
    if (problems.length > 0 || !auth) throw validationFailed(problems);
    const id = randomUUID();
    const secret = auth.type === 'basic' ? auth.password : auth.token;
    const connection = await this.connections.create({
      id,
      tenantId: caller.tenantId,
      propertyId: command.property_id,
      url: command.url,
      authType: auth.type,
      authUsername: auth.type === 'basic' ? auth.username : null,
      sealedSecret: this.box.seal(secret, rowLabel('channel_connections', id)),
    });
    if (!connection) throw validationFailed([{ path: 'property_id', message: 'is not a property of this tenant' }]);
    return new Outcome(channelConnectionView(connection), {
      status: 201,
      next_actions: [connectionNextActions.getConnection(id), connectionNextActions.listDeliveries(id)],
    });
  }
}

/** The tenant's connections, oldest first, paged. */
@Injectable()
export class ListChannelConnections {
  constructor(private readonly connections: ChannelConnectionRepository) {}

  async execute(command: { limit: number; cursor?: string }, caller: Caller): Promise<Outcome> {
    requireKind(caller, 'admin');
    const rows = await this.connections.list(caller.tenantId, decodeListCursor(command.cursor), command.limit + 1);
    const page = pageOf(rows, command.limit);
    return new Outcome({ items: page.items.map(channelConnectionView), next_cursor: page.nextCursor });
  }
}

/** One connection. */
@Injectable()
export class GetChannelConnection {
  constructor(private readonly connections: ChannelConnectionRepository) {}

  async execute(command: { connectionId: string }, caller: Caller): Promise<Outcome> {
    const connection = await adminConnection(this.connections, caller, command.connectionId);
    return new Outcome(channelConnectionView(connection), { next_actions: [connectionNextActions.listDeliveries(connection.id)] });
  }
}

/** Deletes the connection with its deliveries (its credential goes with it); answers it as it was. */
@Injectable()
export class DeleteChannelConnection {
  constructor(private readonly connections: ChannelConnectionRepository) {}

  async execute(command: { connectionId: string }, caller: Caller): Promise<Outcome> {
    const connection = await adminConnection(this.connections, caller, command.connectionId);
    if (!(await this.connections.delete(caller.tenantId, connection.id)))
      throw new DomainError('channel_connection_not_found', { detail: { connection_id: connection.id } });
    return new Outcome(channelConnectionView(connection));
  }
}
