import type { OtaAllotmentRow, OtaPropertyRef, OtaRateRow, OtaStampKey } from '../channels/ota/ota-commands';
import { stampAllows, stampKeyOf } from '../channels/ota/ota-commands';
import { ChannelPropertyRepository } from '../channels/ports/channel-property.repository';
import { AppliedAllotment, OtaAriWriter } from '../channels/ports/ota-ari-writer';
import { EchoTokenClaim, EchoTokenKey, OtaLedger } from '../channels/ports/ota-ledger';
import { OtaMessageLog, OtaMessageRecord, OtaMessageRecordInput } from '../channels/ports/ota-message-log';
import type { ListPosition } from '../webhooks/ports/webhook-endpoint.repository';

/** Channel grants in memory; `properties` are the property ids of each tenant. */
export class FakeChannelProperties extends ChannelPropertyRepository {
  readonly grants = new Map<string, string[]>();

  constructor(private readonly properties: Map<string, string[]>) {
    super();
  }

  async grant(tenantId: string, channelId: string, propertyIds: string[]): Promise<void> {
    this.grants.set(`${tenantId}|${channelId}`, [...propertyIds]);
  }

  async propertiesOf(tenantId: string, channelIds: string[]): Promise<Map<string, string[]>> {
    return new Map(channelIds.filter((id) => this.grants.has(`${tenantId}|${id}`)).map((id) => [id, this.grants.get(`${tenantId}|${id}`)!]));
  }

  async existing(tenantId: string, propertyIds: string[]): Promise<string[]> {
    return propertyIds.filter((id) => this.properties.get(tenantId)?.includes(id));
  }
}

/** EchoTokens and TimeStamps in memory, by the rule the SQL ledger applies (`stampAllows`). */
export class FakeOtaLedger extends OtaLedger {
  readonly tokens = new Map<string, { hash: string; answer: string | null }>();
  readonly stamps = new Map<string, Date>();

  async claimEchoToken(key: EchoTokenKey, bodySha256: string): Promise<EchoTokenClaim> {
    const id = `${key.tenantId}|${key.channelId}|${key.message}|${key.echoToken}`;
    const held = this.tokens.get(id);
    if (!held) {
      this.tokens.set(id, { hash: bodySha256, answer: null });
      return { state: 'new' };
    }
    return held.hash === bodySha256 && held.answer !== null ? { state: 'replay', answer: held.answer } : { state: 'conflict' };
  }

  async saveAnswer(key: EchoTokenKey, answer: string): Promise<void> {
    this.tokens.get(`${key.tenantId}|${key.channelId}|${key.message}|${key.echoToken}`)!.answer = answer;
  }

  async purgeExpired(): Promise<number> {
    return 0;
  }

  async keepNewer(tenantId: string, stampedAt: Date, keys: OtaStampKey[]): Promise<OtaStampKey[]> {
    const stale: OtaStampKey[] = [];
    for (const key of keys) {
      const id = `${tenantId}|${stampKeyOf(key)}`;
      if (stampAllows(this.stamps.get(id) ?? null, stampedAt)) this.stamps.set(id, stampedAt);
      else stale.push(key);
    }
    return stale;
  }
}

/** ARI writes recorded in memory; `committed` is held + sold per `roomTypeId|night`. */
export class FakeOtaAriWriter extends OtaAriWriter {
  readonly rates: OtaRateRow[] = [];
  readonly allotments: AppliedAllotment[] = [];
  readonly locked: string[][] = [];
  readonly committed = new Map<string, number>();

  constructor(private readonly properties: Map<string, OtaPropertyRef[]>) {
    super();
  }

  async channelProperties(_tenantId: string, channelId: string, slugs: string[]): Promise<OtaPropertyRef[]> {
    return (this.properties.get(channelId) ?? []).filter((p) => slugs.includes(p.slug));
  }

  async lockRatePlans(_tenantId: string, ratePlanIds: string[]): Promise<void> {
    this.locked.push([...ratePlanIds]);
  }

  async putRates(_tenantId: string, rows: OtaRateRow[]): Promise<number> {
    this.rates.push(...rows);
    return rows.length;
  }

  async putAllotments(_tenantId: string, rows: OtaAllotmentRow[]): Promise<AppliedAllotment[]> {
    const applied = rows.map((r) => {
      const committed = this.committed.get(`${r.roomTypeId}|${r.night}`) ?? 0;
      return { roomTypeId: r.roomTypeId, night: r.night, allotment: r.kind === 'left' ? committed + r.count : r.count, committed };
    });
    this.allotments.push(...applied);
    return applied;
  }
}

/** Message records in memory, newest first as the SQL log lists them. */
export class FakeOtaMessageLog extends OtaMessageLog {
  readonly records: OtaMessageRecord[] = [];
  private clock = Date.UTC(2030, 0, 1);

  async record(entry: OtaMessageRecordInput): Promise<void> {
    this.clock += 1000;
    this.records.push({ ...entry, id: `00000000-0000-4000-8000-${String(this.records.length + 1).padStart(12, '0')}`, receivedAt: new Date(this.clock) });
  }

  async listForChannel(tenantId: string, channelId: string, page: { after: ListPosition | null; limit: number }): Promise<OtaMessageRecord[]> {
    const after = page.after;
    return this.records
      .filter((r) => r.tenantId === tenantId && r.channelId === channelId)
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime() || b.id.localeCompare(a.id))
      .filter((r) => !after || r.receivedAt < after.createdAt || (r.receivedAt.getTime() === after.createdAt.getTime() && r.id < after.id))
      .slice(0, page.limit);
  }

  async purgeOlderThan(olderThanDays: number, limit: number): Promise<number> {
    const cutoff = this.clock - olderThanDays * 86_400_000;
    const old = this.records.filter((r) => r.receivedAt.getTime() < cutoff).slice(0, limit);
    for (const r of old) this.records.splice(this.records.indexOf(r), 1);
    return old.length;
  }
}
