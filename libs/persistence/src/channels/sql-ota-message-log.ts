import { Injectable } from '@nestjs/common';
import { ListPosition, OtaMessageLog, OtaMessageRecord, OtaMessageRecordInput } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { insertOtaMessage, listOtaMessages, otaMessageOf, purgeOtaMessages } from './ota-message-rows';

@Injectable()
export class SqlOtaMessageLog extends OtaMessageLog {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async record(e: OtaMessageRecordInput): Promise<void> {
    await this.sql.run(insertOtaMessage, [
      e.tenantId,
      e.channelId,
      e.message,
      e.echoToken,
      e.outcome,
      e.datesApplied,
      e.warnings,
      e.errors,
      e.answer,
      e.answerTruncated,
      e.requestExcerpt,
      e.requestBytes,
    ]);
  }

  async listForChannel(tenantId: string, channelId: string, page: { after: ListPosition | null; limit: number }): Promise<OtaMessageRecord[]> {
    const rows = await this.sql.run(listOtaMessages, [tenantId, channelId, page.after?.createdAt ?? null, page.after?.id ?? null, page.limit]);
    return rows.map(otaMessageOf);
  }

  async purgeOlderThan(olderThanDays: number, limit: number): Promise<number> {
    return (await this.sql.run(purgeOtaMessages, [olderThanDays, limit])).length;
  }
}
