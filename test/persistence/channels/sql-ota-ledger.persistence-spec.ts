import { randomUUID } from 'node:crypto';
import {
  ChannelPropertyRepository,
  DailyRateRepository,
  OtaAriWriter,
  OtaLedger,
  OtaMessageLog,
  OtaRateRow,
  OtaStampKey,
  PrincipalRepository,
  PurgeOtaLedger,
} from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';
import { seedChain, type SeededChain } from '../support/chain-seed';

describe('channel managers in: channel properties, EchoTokens, TimeStamps and set-based ARI writes (real Postgres)', () => {
  let tier: PersistenceTier;
  let chain: SeededChain;
  let channelId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    chain = await seedChain(tier, { defaultInventory: 4 });
    channelId = (await tier.get(PrincipalRepository).create({ tenantId: chain.tenantId, kind: 'channel', name: 'cm', scopes: ['ari:write'] })).id;
    await tier.get(ChannelPropertyRepository).grant(chain.tenantId, channelId, [chain.property.id]);
  });
  afterAll(() => tier.close());

  it("grants properties and resolves the channel's properties by slug with codes, currencies and base adults", async () => {
    const channels = tier.get(ChannelPropertyRepository);
    expect(await channels.propertiesOf(chain.tenantId, [channelId])).toEqual(new Map([[channelId, [chain.property.id]]]));
    expect(await channels.existing(chain.tenantId, [chain.property.id, randomUUID(), 'not-a-uuid'])).toEqual([chain.property.id]);
    expect(await channels.existing(randomUUID(), [chain.property.id])).toEqual([]);

    const writer = tier.get(OtaAriWriter);
    const [property] = await writer.channelProperties(chain.tenantId, channelId, [chain.property.slug, 'someone-else']);
    expect(property).toEqual({
      id: chain.property.id,
      slug: chain.property.slug,
      taxes: chain.property.taxes,
      roomTypes: [
        {
          id: chain.roomType.id,
          code: chain.roomType.code,
          maxOccupancy: chain.roomType.maxOccupancy,
          ratePlans: [{ id: chain.ratePlan.id, code: chain.ratePlan.code, currency: chain.ratePlan.baseRate.currency, baseAdults: expect.any(Number) }],
        },
      ],
    });
    // Another channel of the tenant was granted nothing.
    const stranger = await tier.get(PrincipalRepository).create({ tenantId: chain.tenantId, kind: 'channel', name: 'other', scopes: ['ari:write'] });
    expect(await writer.channelProperties(chain.tenantId, stranger.id, [chain.property.slug])).toEqual([]);
  });

  it('keeps a stamp per subject, date and field: equal or newer replaces it, older is answered as stale and left alone', async () => {
    const ledger = tier.get(OtaLedger);
    const subject = chain.ratePlan.id;
    const keys: OtaStampKey[] = [
      { subjectId: subject, night: '2099-01-01', field: 'rate' },
      { subjectId: subject, night: '2099-01-02', field: 'rate' },
      { subjectId: subject, night: '2099-01-01', field: 'stop_sell' },
    ];
    const at = new Date('2030-01-01T12:00:00Z');
    expect(await ledger.keepNewer(chain.tenantId, at, keys)).toEqual([]);
    expect(await ledger.keepNewer(chain.tenantId, at, keys)).toEqual([]);
    const older = new Date('2030-01-01T11:00:00Z');
    expect(await ledger.keepNewer(chain.tenantId, older, [...keys, { subjectId: subject, night: '2099-01-03', field: 'rate' }])).toEqual(keys);
    const stored = await tier.query<{ stamped_at: Date }>(
      `SELECT stamped_at FROM ota_value_stamps WHERE tenant_id = $1 AND subject_id = $2 AND night = '2099-01-01'`,
      [chain.tenantId, subject],
    );
    expect(stored.map((s) => s.stamped_at.toISOString())).toEqual([at.toISOString(), at.toISOString()]);
    expect(await ledger.keepNewer(chain.tenantId, new Date('2030-01-02T00:00:00Z'), keys.slice(0, 1))).toEqual([]);
    // Another tenant's stamps are its own.
    expect(await ledger.keepNewer((await seedChain(tier)).tenantId, older, keys)).toEqual([]);
  });

  it('claims an EchoToken, replays its answer for the same body, refuses another body, and frees it after 24 hours', async () => {
    const ledger = tier.get(OtaLedger);
    const key = { tenantId: chain.tenantId, channelId, message: 'OTA_HotelAvailNotifRQ', echoToken: `tok-${randomUUID()}` };
    expect(await ledger.claimEchoToken(key, 'a'.repeat(64))).toEqual({ state: 'new' });
    await ledger.saveAnswer(key, '<answer/>');
    expect(await ledger.claimEchoToken(key, 'a'.repeat(64))).toEqual({ state: 'replay', answer: '<answer/>' });
    expect(await ledger.claimEchoToken(key, 'b'.repeat(64))).toEqual({ state: 'conflict' });
    expect(await ledger.claimEchoToken({ ...key, message: 'OTA_HotelInvCountNotifRQ' }, 'b'.repeat(64))).toEqual({ state: 'new' });
    await tier.query(`UPDATE ota_echo_tokens SET created_at = now() - interval '25 hours' WHERE echo_token = $1`, [key.echoToken]);
    expect(await ledger.claimEchoToken(key, 'b'.repeat(64))).toEqual({ state: 'new' });
  });

  it('purges EchoTokens past 24 hours and stamps of past nights, leaving the rest', async () => {
    const ledger = tier.get(OtaLedger);
    const key = { tenantId: chain.tenantId, channelId, message: 'OTA_HotelAvailNotifRQ', echoToken: `old-${randomUUID()}` };
    await ledger.claimEchoToken(key, 'c'.repeat(64));
    await tier.query(`UPDATE ota_echo_tokens SET created_at = now() - interval '25 hours' WHERE echo_token = $1`, [key.echoToken]);
    const fresh = { ...key, echoToken: `new-${randomUUID()}` };
    await ledger.claimEchoToken(fresh, 'c'.repeat(64));
    const past = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    const future = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await ledger.keepNewer(chain.tenantId, new Date(), [
      { subjectId: chain.roomType.id, night: past, field: 'allotment' },
      { subjectId: chain.roomType.id, night: future, field: 'allotment' },
    ]);
    await new PurgeOtaLedger(ledger, tier.get(OtaMessageLog)).execute({ batchSize: 1, maxBatches: 100 });
    const tokens = await tier.query<{ echo_token: string }>(`SELECT echo_token FROM ota_echo_tokens WHERE echo_token = ANY($1)`, [
      [key.echoToken, fresh.echoToken],
    ]);
    expect(tokens.map((t) => t.echo_token)).toEqual([fresh.echoToken]);
    const nights = await tier.query<{ night: string }>(`SELECT night::text AS night FROM ota_value_stamps WHERE subject_id = $1 AND field = 'allotment'`, [
      chain.roomType.id,
    ]);
    expect(nights.map((n) => n.night)).toEqual([future]);
  });

  it('writes a year of night rates with party prices in one call, and allotments from held + sold', async () => {
    const writer = tier.get(OtaAriWriter);
    const rows: OtaRateRow[] = Array.from({ length: 365 }, (_, i) => ({
      ratePlanId: chain.ratePlan.id,
      night: new Date(Date.UTC(2098, 0, 1 + i)).toISOString().slice(0, 10),
      amount: 10_000 + i,
      by_adults: { '1': 9_000 + i },
      extra_adult: 2_500,
      child_rates: [{ max_age: 11, amount: 1_000 }],
    }));
    expect(await writer.putRates(chain.tenantId, rows)).toBe(365);
    const rates = await tier.get(DailyRateRepository).listRates(chain.tenantId, chain.ratePlan, { from: '2098-12-30', to: '2098-12-31' });
    expect(rates).toEqual([
      { night: '2098-12-30', amount: 10_363, overridden: true, by_adults: { '1': 9_363 }, extra_adult: 2_500, child_rates: [{ max_age: 11, amount: 1_000 }] },
      { night: '2098-12-31', amount: 10_364, overridden: true, by_adults: { '1': 9_364 }, extra_adult: 2_500, child_rates: [{ max_age: 11, amount: 1_000 }] },
    ]);
    // Written again whole: party prices not sent are none.
    await writer.putRates(chain.tenantId, [{ ...rows[364], by_adults: null, extra_adult: null, child_rates: null }]);
    const [last] = await tier.get(DailyRateRepository).listRates(chain.tenantId, chain.ratePlan, { from: '2098-12-31', to: '2098-12-31' });
    expect(last).toMatchObject({ by_adults: null, extra_adult: null, child_rates: null });

    await tier.query(
      `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold) VALUES ($1, $2, '2098-02-01', 4, 1, 2)
       ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET held = 1, sold = 2`,
      [chain.tenantId, chain.roomType.id],
    );
    const applied = await writer.putAllotments(chain.tenantId, [
      { roomTypeId: chain.roomType.id, night: '2098-02-01', kind: 'left', count: 2 },
      { roomTypeId: chain.roomType.id, night: '2098-02-02', kind: 'left', count: 2 },
      { roomTypeId: chain.roomType.id, night: '2098-02-03', kind: 'total', count: 7 },
    ]);
    expect(applied.sort((a, b) => a.night.localeCompare(b.night))).toEqual([
      { roomTypeId: chain.roomType.id, night: '2098-02-01', allotment: 5, committed: 3 },
      { roomTypeId: chain.roomType.id, night: '2098-02-02', allotment: 2, committed: 0 },
      { roomTypeId: chain.roomType.id, night: '2098-02-03', allotment: 7, committed: 0 },
    ]);
    // Lowered below held + sold: written all the same (an oversell the use case reports).
    const [oversold] = await writer.putAllotments(chain.tenantId, [{ roomTypeId: chain.roomType.id, night: '2098-02-01', kind: 'total', count: 1 }]);
    expect(oversold).toEqual({ roomTypeId: chain.roomType.id, night: '2098-02-01', allotment: 1, committed: 3 });
  });
});
