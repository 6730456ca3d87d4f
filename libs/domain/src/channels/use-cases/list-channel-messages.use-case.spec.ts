import { DomainError } from '../../errors/domain-error';
import { FakeOtaLedger, FakeOtaMessageLog } from '../../testing/fake-channel-ports';
import { FakePrincipals } from '../../testing/fake-identity-ports';
import type { Caller } from '../../identity/principal';
import type { OtaMessageRecordInput } from '../ports/ota-message-log';
import { OTA_MESSAGES_KEPT_DAYS } from '../rules/ota-message-record';
import { ListChannelMessages } from './list-channel-messages.use-case';
import { PurgeOtaLedger } from './purge-ota-ledger.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe("a channel's messages in", () => {
  let principals: FakePrincipals;
  let log: FakeOtaMessageLog;
  let admin: Caller;
  let channelId: string;

  const entry = (echoToken: string): OtaMessageRecordInput => ({
    tenantId: T1,
    channelId,
    message: 'OTA_HotelRateAmountNotifRQ',
    echoToken,
    outcome: 'warnings',
    datesApplied: 4,
    warnings: 1,
    errors: 0,
    answer: `<OTA_HotelRateAmountNotifRS EchoToken="${echoToken}"/>`,
    answerTruncated: false,
    requestExcerpt: '<OTA_HotelRateAmountNotifRQ/>',
    requestBytes: 29,
  });

  beforeEach(async () => {
    principals = new FakePrincipals();
    log = new FakeOtaMessageLog();
    admin = { tenantId: T1, principalId: (await principals.create({ tenantId: T1, kind: 'admin', name: 'admin', scopes: [] })).id, kind: 'admin' };
    channelId = (await principals.create({ tenantId: T1, kind: 'channel', name: 'cm', scopes: ['ari:write'] })).id;
  });

  it('lists them newest first as admins read them, page by page', async () => {
    for (const token of ['a', 'b', 'c']) await log.record(entry(token));
    const list = new ListChannelMessages(principals, log);
    const first = await list.execute({ channelId, limit: 2 }, admin);
    expect(first.data.items.map((m) => m.echo_token)).toEqual(['c', 'b']);
    expect(first.data.items[0]).toEqual({
      id: expect.any(String),
      channel_id: channelId,
      message: 'OTA_HotelRateAmountNotifRQ',
      echo_token: 'c',
      received_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      outcome: 'warnings',
      dates_applied: 4,
      warnings: 1,
      errors: 0,
      answer: '<OTA_HotelRateAmountNotifRS EchoToken="c"/>',
      answer_truncated: false,
      request_excerpt: '<OTA_HotelRateAmountNotifRQ/>',
      request_bytes: 29,
    });
    const second = await list.execute({ channelId, limit: 2, cursor: first.data.next_cursor! }, admin);
    expect(second.data).toEqual({ items: [expect.objectContaining({ echo_token: 'a' })], next_cursor: null });
  });

  it("answers channel_not_found for another tenant's channel and a principal that is no channel; admins only", async () => {
    const list = new ListChannelMessages(principals, log);
    const other: Caller = { tenantId: T2, principalId: 'x', kind: 'admin' };
    expect((await failure(list.execute({ channelId, limit: 20 }, other))).code).toBe('channel_not_found');
    expect((await failure(list.execute({ channelId: admin.principalId, limit: 20 }, admin))).code).toBe('channel_not_found');
    expect((await failure(list.execute({ channelId, limit: 20 }, { ...admin, kind: 'agent' }))).code).toBe('principal_kind_not_allowed');
    expect((await failure(list.execute({ channelId, limit: 20, cursor: 'nope' }, admin))).code).toBe('validation_failed');
  });

  it('the ledger purge also works off old records until fewer than a batch are left', async () => {
    for (let i = 0; i < 5; i++) await log.record(entry(`old-${i}`));
    log.records.forEach((r) => (r.receivedAt = new Date(r.receivedAt.getTime() - (OTA_MESSAGES_KEPT_DAYS + 1) * 86_400_000)));
    await log.record(entry('fresh'));
    const purged = await new PurgeOtaLedger(new FakeOtaLedger(), log).execute({ batchSize: 2, maxBatches: 10 });
    expect(purged).toBe(5);
    expect(log.records.map((r) => r.echoToken)).toEqual(['fresh']);
  });
});
