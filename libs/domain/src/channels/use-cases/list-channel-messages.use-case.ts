import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { PrincipalRepository } from '../../identity/ports/principal.repository';
import type { Caller } from '../../identity/principal';
import { decodeListCursor, encodeListCursor } from '../../webhooks/rules/list-cursor';
import { OtaMessageLog, OtaMessageRecord } from '../ports/ota-message-log';
import { adminsChannel } from './admins-channel';

/** A message in as admins read it: outcome, counts, the RS as sent and the masked request excerpt. */
export function otaMessageView(r: OtaMessageRecord) {
  return {
    id: r.id,
    channel_id: r.channelId,
    message: r.message,
    echo_token: r.echoToken,
    received_at: r.receivedAt.toISOString(),
    outcome: r.outcome,
    dates_applied: r.datesApplied,
    warnings: r.warnings,
    errors: r.errors,
    answer: r.answer,
    answer_truncated: r.answerTruncated,
    request_excerpt: r.requestExcerpt,
    request_bytes: r.requestBytes,
  };
}

export type OtaMessageView = ReturnType<typeof otaMessageView>;

/** A channel's last messages in, newest first, cursor paged (docs/channels.md "Messages in"). */
@Injectable()
export class ListChannelMessages {
  constructor(
    private readonly principals: PrincipalRepository,
    private readonly messages: OtaMessageLog,
  ) {}

  async execute(
    command: { channelId: string; limit: number; cursor?: string },
    caller: Caller,
  ): Promise<Outcome<{ items: OtaMessageView[]; next_cursor: string | null }>> {
    const channel = await adminsChannel(this.principals, caller, command.channelId);
    const after = decodeListCursor(command.cursor);
    const rows = await this.messages.listForChannel(caller.tenantId, channel.id, { after, limit: command.limit + 1 });
    const items = rows.slice(0, command.limit);
    const last = items[items.length - 1];
    const nextCursor = rows.length > command.limit ? encodeListCursor({ createdAt: last.receivedAt, id: last.id }) : null;
    return new Outcome({ items: items.map(otaMessageView), next_cursor: nextCursor });
  }
}
