// The transaction boundary is the persistence layer's; here the use case runs on in-memory ports.
jest.mock('@nestjs-cls/transactional', () => ({ Transactional: () => () => undefined }));

import { FakeOtaAriWriter, FakeOtaLedger, FakeOtaMessageLog } from '../../testing/fake-channel-ports';
import { FakeStayRestrictions } from '../../testing/fake-stay-restrictions';
import type { Caller } from '../../identity/principal';
import type { OversellReconciler } from '../../oversell/services/oversell-reconciler';
import type { OtaPropertyRef } from '../ota/ota-commands';
import { ReceiveOtaMessage } from './receive-ota-message.use-case';

const NS = 'http://www.opentravel.org/OTA/2003/05';
const T1 = '11111111-1111-4111-8111-111111111111';
const CHANNEL = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const property: OtaPropertyRef = {
  id: 'p1',
  slug: 'hotel-azur',
  taxes: [],
  roomTypes: [{ id: 'rt-dbl', code: 'DBL', maxOccupancy: 2, ratePlans: [{ id: 'rp-bar', code: 'BAR', currency: 'EUR', baseAdults: 2 }] }],
};

const avail = (token: string, stamp: string, body: string) =>
  `<OTA_HotelAvailNotifRQ xmlns="${NS}" EchoToken="${token}" TimeStamp="${stamp}" Version="1.0"><AvailStatusMessages HotelCode="hotel-azur">${body}</AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
const stopSell = (from: string, to: string, status = 'Close') =>
  `<AvailStatusMessage><StatusApplicationControl Start="${from}" End="${to}" InvTypeCode="DBL" RatePlanCode="BAR"/><RestrictionStatus Status="${status}"/></AvailStatusMessage>`;

describe('ReceiveOtaMessage', () => {
  let ledger: FakeOtaLedger;
  let messages: FakeOtaMessageLog;
  let ari: FakeOtaAriWriter;
  let restrictions: FakeStayRestrictions;
  let reconciled: Array<{ roomTypeId: string; range?: { from: string; to: string } }>;
  let useCase: ReceiveOtaMessage;
  const channel: Caller = { tenantId: T1, principalId: CHANNEL, kind: 'channel' };

  beforeEach(() => {
    ledger = new FakeOtaLedger();
    messages = new FakeOtaMessageLog();
    ari = new FakeOtaAriWriter(new Map([[CHANNEL, [property]]]));
    restrictions = new FakeStayRestrictions(new Map([[T1, ['rp-bar']]]));
    reconciled = [];
    const oversell = {
      reconcile: async (_tenantId: string, roomTypeId: string, _by: string, range?: { from: string; to: string }) => {
        reconciled.push({ roomTypeId, range });
        return { opened: [], resolved: [] };
      },
    } as unknown as OversellReconciler;
    useCase = new ReceiveOtaMessage(ledger, ari, restrictions, oversell, messages);
  });

  const stopSellOn = (date: string) => restrictions.dates.get('rp-bar')?.get(date)?.stop_sell ?? null;

  it('is for channels only', async () => {
    await expect(useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: '' }, { ...channel, kind: 'admin' })).rejects.toMatchObject({
      code: 'principal_kind_not_allowed',
    });
  });

  it('applies restrictions, locking the rate plans first, and answers Success', async () => {
    const answer = await useCase.execute(
      { message: 'OTA_HotelAvailNotifRQ', body: avail('t1', '2030-01-01T00:00:00Z', stopSell('2030-03-01', '2030-03-02')) },
      channel,
    );
    expect(answer).toEqual({ xml: expect.stringContaining('<Success/>'), outcome: 'success', applied: 2, warnings: 0, errors: 0, echoToken: 't1' });
    expect(ari.locked).toEqual([['rp-bar']]);
    expect([stopSellOn('2030-03-01'), stopSellOn('2030-03-02'), stopSellOn('2030-03-03')]).toEqual([true, true, null]);
  });

  it('replays an EchoToken with the same body byte for byte, refuses another body, and applies nothing again', async () => {
    const body = avail('t1', '2030-01-01T00:00:00Z', stopSell('2030-03-01', '2030-03-01'));
    const first = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body }, channel);
    const writes = restrictions.writes;
    const again = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body }, channel);
    expect(again).toEqual({ xml: first.xml, outcome: 'replay', applied: 0, warnings: 0, errors: 0, echoToken: 't1' });
    const other = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: body.replace('Close', 'Open') }, channel);
    expect(other.outcome).toBe('errors');
    expect(other.xml).toContain('<Error Type="7" Code="450"');
    expect(restrictions.writes).toBe(writes);
    expect(stopSellOn('2030-03-01')).toBe(true);
  });

  it('keeps an answer with errors for its token too, and writes nothing', async () => {
    const body = avail('t2', '2030-01-01T00:00:00Z', stopSell('2030-03-01', '2030-03-01') + stopSell('2030-03-05', '2030-03-01'));
    const first = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body }, channel);
    expect(first.outcome).toBe('errors');
    expect(first.xml).toContain('Code="404"');
    expect(restrictions.writes).toBe(0);
    expect(ari.locked).toEqual([]);
    expect((await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body }, channel)).xml).toBe(first.xml);
  });

  it('leaves values whose stored TimeStamp is newer, with a warning, and applies the rest', async () => {
    await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: avail('a', '2030-01-02T00:00:00Z', stopSell('2030-03-02', '2030-03-02')) }, channel);
    const older = await useCase.execute(
      { message: 'OTA_HotelAvailNotifRQ', body: avail('b', '2030-01-01T00:00:00Z', stopSell('2030-03-01', '2030-03-03', 'Open')) },
      channel,
    );
    expect(older.outcome).toBe('warnings');
    expect(older.applied).toBe(2);
    expect(older.xml).toContain('stop_sell of DBL/BAR not applied on 1 date(s) (2030-03-02)');
    expect(stopSellOn('2030-03-02')).toBe(true);
  });

  it('sets allotments, reconciles oversell over their range and warns for nights left oversold', async () => {
    ari.committed.set('rt-dbl|2030-03-02', 2);
    const body = `<OTA_HotelInvCountNotifRQ xmlns="${NS}" Version="1.0"><Inventories HotelCode="hotel-azur">
      <Inventory><StatusApplicationControl Start="2030-03-01" End="2030-03-02" InvTypeCode="DBL"/><InvCounts><InvCount CountType="1" Count="1"/></InvCounts></Inventory>
    </Inventories></OTA_HotelInvCountNotifRQ>`;
    const answer = await useCase.execute({ message: 'OTA_HotelInvCountNotifRQ', body }, channel);
    expect(answer.outcome).toBe('warnings');
    expect(answer.xml).toContain('<Warning Type="3" Code="28"');
    expect(answer.xml).toContain('2030-03-02 has 2 held or sold for 1');
    expect(reconciled).toEqual([{ roomTypeId: 'rt-dbl', range: { from: '2030-03-01', to: '2030-03-02' } }]);
  });

  it('answers a document it cannot read with Errors, without a token claim', async () => {
    const answer = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: '<!DOCTYPE x [<!ENTITY a "b">]><x/>' }, channel);
    expect(answer.outcome).toBe('errors');
    expect(answer.xml).toContain('<OTA_HotelAvailNotifRS');
    expect(ledger.tokens.size).toBe(0);
  });

  it('records every message with its outcome, counts, the RS as sent and a masked excerpt, newest first', async () => {
    const ok = avail('r1', '2030-01-01T00:00:00Z', stopSell('2030-03-01', '2030-03-02')).replace(
      '<AvailStatusMessages',
      '<POS><Source><RequestorID ID="cm" MessagePassword="s3cret"/></Source></POS><AvailStatusMessages',
    );
    const first = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: ok }, channel);
    const bad = avail('r2', '2030-01-01T00:00:00Z', stopSell('2030-03-05', '2030-03-01') + stopSell('2030-03-06', '2030-03-01'));
    const second = await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: bad }, channel);
    await useCase.execute({ message: 'OTA_HotelAvailNotifRQ', body: ok }, channel);
    const listed = await messages.listForChannel(T1, CHANNEL, { after: null, limit: 10 });
    expect(listed.map((r) => [r.echoToken, r.outcome, r.datesApplied, r.warnings, r.errors])).toEqual([
      ['r1', 'replay', 0, 0, 0],
      ['r2', 'errors', 0, 0, 2],
      ['r1', 'success', 2, 0, 0],
    ]);
    expect(listed[2]).toMatchObject({ tenantId: T1, channelId: CHANNEL, message: 'OTA_HotelAvailNotifRQ', answer: first.xml, answerTruncated: false });
    expect(listed[1].answer).toBe(second.xml);
    expect(listed[2].requestExcerpt).toContain('MessagePassword="***"');
    expect(listed[2].requestExcerpt).not.toContain('s3cret');
    expect(listed[2].requestBytes).toBe(Buffer.byteLength(ok));
    // Another channel's list is its own.
    expect(await messages.listForChannel(T1, 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', { after: null, limit: 10 })).toEqual([]);
  });

  it('records a document it cannot read, with no EchoToken', async () => {
    await useCase.execute({ message: 'OTA_HotelInvCountNotifRQ', body: 'not xml' }, channel);
    expect(messages.records).toEqual([
      expect.objectContaining({ outcome: 'errors', errors: 1, echoToken: null, requestExcerpt: 'not xml', message: 'OTA_HotelInvCountNotifRQ' }),
    ]);
  });
});
