import { randomUUID } from 'node:crypto';
import { OtaMessageLog, OtaMessageRecordInput, PrincipalRepository, PurgeOtaLedger, OtaLedger } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain } from '../support/chain-seed';

describe('the record of messages in (real Postgres)', () => {
  let tier: PersistenceTier;
  let tenantId: string;
  let channelId: string;

  const entry = (over: Partial<OtaMessageRecordInput> = {}): OtaMessageRecordInput => ({
    tenantId,
    channelId,
    message: 'OTA_HotelAvailNotifRQ',
    echoToken: `e-${randomUUID()}`,
    outcome: 'success',
    datesApplied: 3,
    warnings: 0,
    errors: 0,
    answer: '<OTA_HotelAvailNotifRS><Success/></OTA_HotelAvailNotifRS>',
    answerTruncated: false,
    requestExcerpt: '<OTA_HotelAvailNotifRQ/>',
    requestBytes: 24,
    ...over,
  });

  beforeAll(async () => {
    tier = await startPersistenceTier();
    tenantId = (await seedChain(tier)).tenantId;
    channelId = (await tier.get(PrincipalRepository).create({ tenantId, kind: 'channel', name: 'cm', scopes: ['ari:write'] })).id;
  });
  afterAll(() => tier.close());

  it('keeps every field and lists a channel newest first, page after page, its own records only', async () => {
    const log = tier.get(OtaMessageLog);
    const first = entry({
      outcome: 'errors',
      datesApplied: 0,
      errors: 2,
      echoToken: null,
      answer: '<RS><Errors/></RS>',
      answerTruncated: true,
      requestBytes: 99,
    });
    await log.record(first);
    await log.record(entry({ outcome: 'warnings', warnings: 1 }));
    await log.record(entry({ outcome: 'replay', datesApplied: 0 }));
    const other = (await tier.get(PrincipalRepository).create({ tenantId, kind: 'channel', name: 'other', scopes: ['ari:write'] })).id;
    await log.record(entry({ channelId: other }));

    const all = await log.listForChannel(tenantId, channelId, { after: null, limit: 10 });
    expect(all.map((r) => r.outcome)).toEqual(['replay', 'warnings', 'errors']);
    expect(all[2]).toEqual({ ...first, id: expect.stringMatching(/^[0-9a-f-]{36}$/), receivedAt: expect.any(Date) });
    expect(all[0].receivedAt.getTime()).toBeGreaterThanOrEqual(all[2].receivedAt.getTime());

    const page1 = await log.listForChannel(tenantId, channelId, { after: null, limit: 2 });
    const last = page1[page1.length - 1];
    const page2 = await log.listForChannel(tenantId, channelId, { after: { createdAt: last.receivedAt, id: last.id }, limit: 2 });
    expect([...page1, ...page2].map((r) => r.id)).toEqual(all.map((r) => r.id));

    expect((await log.listForChannel(tenantId, other, { after: null, limit: 10 })).map((r) => r.channelId)).toEqual([other]);
    expect(await log.listForChannel(randomUUID(), channelId, { after: null, limit: 10 })).toEqual([]);
  });

  it('goes with its channel', async () => {
    const log = tier.get(OtaMessageLog);
    const gone = (await tier.get(PrincipalRepository).create({ tenantId, kind: 'channel', name: 'gone', scopes: ['ari:write'] })).id;
    await log.record(entry({ channelId: gone }));
    await tier.query(`DELETE FROM principals WHERE tenant_id = $1 AND id = $2`, [tenantId, gone]);
    expect(await tier.query(`SELECT 1 FROM ota_messages_in WHERE channel_id = $1`, [gone])).toEqual([]);
  });

  it('is purged after 7 days by the channel ledger purge, the rest kept', async () => {
    const log = tier.get(OtaMessageLog);
    const oldToken = `old-${randomUUID()}`;
    const freshToken = `fresh-${randomUUID()}`;
    await log.record(entry({ echoToken: oldToken }));
    await log.record(entry({ echoToken: `older-${oldToken}` }));
    await log.record(entry({ echoToken: freshToken }));
    await tier.query(`UPDATE ota_messages_in SET received_at = now() - interval '8 days' WHERE echo_token IN ($1, $2)`, [oldToken, `older-${oldToken}`]);
    await tier.query(`UPDATE ota_messages_in SET received_at = now() - interval '6 days' WHERE echo_token = $1`, [freshToken]);
    await new PurgeOtaLedger(tier.get(OtaLedger), log).execute({ batchSize: 1, maxBatches: 100 });
    const left = await tier.query<{ echo_token: string }>(`SELECT echo_token FROM ota_messages_in WHERE echo_token = ANY($1)`, [
      [oldToken, `older-${oldToken}`, freshToken],
    ]);
    expect(left.map((r) => r.echo_token)).toEqual([freshToken]);
  });
});
