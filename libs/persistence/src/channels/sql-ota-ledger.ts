import { Injectable } from '@nestjs/common';
import { EchoTokenClaim, EchoTokenKey, OtaLedger, OtaStampField, OtaStampKey } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { claimEchoToken, echoTokenByKey, keepNewerStamps, purgeEchoTokens, purgePastStamps, saveEchoAnswer } from './channel-rows';

@Injectable()
export class SqlOtaLedger extends OtaLedger {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async claimEchoToken(key: EchoTokenKey, bodySha256: string): Promise<EchoTokenClaim> {
    const params = [key.tenantId, key.channelId, key.message, key.echoToken] as const;
    const [claimed] = await this.sql.run(claimEchoToken, [...params, bodySha256]);
    if (claimed) return { state: 'new' };
    // The conflicting claim was committed before the insert above returned (it waits for it).
    const [held] = await this.sql.run(echoTokenByKey, [...params]);
    if (held && held.body_sha256 === bodySha256 && held.answer !== null) return { state: 'replay', answer: held.answer };
    return { state: 'conflict' };
  }

  async saveAnswer(key: EchoTokenKey, answer: string): Promise<void> {
    await this.sql.run(saveEchoAnswer, [key.tenantId, key.channelId, key.message, key.echoToken, answer]);
  }

  async keepNewer(tenantId: string, stampedAt: Date, keys: OtaStampKey[]): Promise<OtaStampKey[]> {
    if (keys.length === 0) return [];
    const rows = await this.sql.run(keepNewerStamps, [
      tenantId,
      stampedAt,
      JSON.stringify(keys.map((k) => ({ subject_id: k.subjectId, night: k.night, field: k.field }))),
    ]);
    return rows.map((r) => ({ subjectId: r.subject_id, night: r.night, field: r.field as OtaStampField }));
  }

  async purgeExpired(limit: number): Promise<number> {
    const tokens = await this.sql.run(purgeEchoTokens, [limit]);
    const stamps = await this.sql.run(purgePastStamps, [limit]);
    return tokens.length + stamps.length;
  }
}
