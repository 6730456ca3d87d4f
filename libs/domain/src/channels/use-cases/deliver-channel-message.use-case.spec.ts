import { loadConfig, rowLabel, SecretBox } from '@hcs/platform';
import type { NewAuditEvent } from '../../booking/ports/audit-log';
import type { ChainRecorder } from '../../booking/services/chain-recorder';
import { WebhookDeliveryQueue } from '../../webhooks/ports/webhook-delivery.queue';
import type { DeliveryListFilter } from '../../webhooks/ports/webhook-delivery.repository';
import type { DeliveryJobRef } from '../../webhooks/webhook.types';
import type { ChannelConnectionRecord, ChannelDeliveryRecord } from '../channel.types';
import { ChannelConnectionRepository, NewChannelConnection } from '../ports/channel-connection.repository';
import { ChannelAttemptResult, ChannelDeliveryRepository, ClaimedChannelDelivery } from '../ports/channel-delivery.repository';
import { ChannelMessage, ChannelMessageSender, ChannelSendResult } from '../ports/channel-message.sender';
import { CreateChannelConnection, GetChannelConnection } from './channel-connections.use-cases';
import { ListChannelDeliveries, ReplayChannelDelivery } from './channel-deliveries.use-cases';
import { CHANNEL_GONE, DeliverChannelMessage } from './deliver-channel-message.use-case';

/** In-memory fakes of the channel ports (the real ones: test/persistence/channels, test/e2e/channels). */
const config = loadConfig({ WEBHOOK_RETRY_SCHEDULE: '10,60', WEBHOOK_ALLOW_PRIVATE: 'true' });
const box = new SecretBox(config);
const TENANT = '00000000-0000-4000-8000-0000000000aa';
const PROPERTY = '00000000-0000-4000-8000-0000000000a1';
const OTHER_PROPERTY = '00000000-0000-4000-8000-0000000000a2';
const admin = { tenantId: TENANT, principalId: 'admin-1', kind: 'admin' as const };
const agent = { tenantId: TENANT, principalId: 'agent-1', kind: 'agent' as const };
const outsider = { ...admin, tenantId: '00000000-0000-4000-8000-0000000000bb' };

const booking = {
  booking_id: 'b-1',
  quote_id: 'q-1',
  hold_id: 'h-1',
  state: 'confirmed',
  stay: { check_in: '2027-01-10', check_out: '2027-01-11' },
  guests: { adults: 1, children: [] },
  guest: { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44' } },
  price_breakdown: {
    currency: 'EUR',
    nights: [{ date: '2027-01-10', amount: { amount: 10000, currency: 'EUR' } }],
    subtotal: { amount: 10000, currency: 'EUR' },
    taxes: [],
    fees: [],
    total: { amount: 10000, currency: 'EUR' },
  },
  created_at: '2026-12-01T00:00:00.000Z',
};

class FakeConnections extends ChannelConnectionRepository {
  rows = new Map<string, ChannelConnectionRecord & { sealed: string }>();
  async create(c: NewChannelConnection) {
    if (c.propertyId !== PROPERTY) return null;
    const row = {
      id: c.id,
      tenantId: c.tenantId,
      propertyId: c.propertyId,
      url: c.url,
      authType: c.authType,
      authUsername: c.authUsername,
      createdAt: new Date(),
      sealed: c.sealedSecret,
    };
    this.rows.set(c.id, row);
    const { sealed: _sealed, ...record } = row;
    return record;
  }
  async findById(tenantId: string, id: string) {
    const row = this.rows.get(id);
    if (!row || row.tenantId !== tenantId) return null;
    const { sealed: _sealed, ...record } = row;
    return record;
  }
  async list(tenantId: string) {
    return [...this.rows.values()].filter((r) => r.tenantId === tenantId);
  }
  async delete(tenantId: string, id: string) {
    return (await this.findById(tenantId, id)) ? this.rows.delete(id) : false;
  }
}

class FakeDeliveries extends ChannelDeliveryRepository {
  claimed: ClaimedChannelDelivery | null = null;
  results: ChannelAttemptResult[] = [];
  confirmations = new Map<string, string>();
  records: ChannelDeliveryRecord[] = [];
  async findById(tenantId: string, id: string) {
    return this.records.find((d) => d.tenantId === tenantId && d.id === id) ?? null;
  }
  async listForConnection(tenantId: string, connectionId: string, _f: DeliveryListFilter) {
    return this.records.filter((d) => d.tenantId === tenantId && d.connectionId === connectionId);
  }
  async restart(tenantId: string, id: string) {
    const d = await this.findById(tenantId, id);
    if (!d || (d.state !== 'failed' && d.state !== 'dead')) return null;
    Object.assign(d, { state: 'pending', chain: d.chain + 1, attempt: 0 });
    return d;
  }
  async claim() {
    return this.claimed;
  }
  async finishAttempt(r: ChannelAttemptResult) {
    this.results.push(r);
    const bookingId = 'b-1';
    const confirmed = r.acknowledgedId !== null && this.confirmations.get(bookingId) !== r.acknowledgedId;
    if (r.acknowledgedId !== null && confirmed) this.confirmations.set(bookingId, r.acknowledgedId);
    return { recorded: true, confirmed };
  }
  async listStranded() {
    return [];
  }
}

class FakeSender extends ChannelMessageSender {
  sent: ChannelMessage[] = [];
  constructor(private readonly answer: ChannelSendResult) {
    super();
  }
  async send(m: ChannelMessage) {
    this.sent.push(m);
    return this.answer;
  }
}

class FakeQueue extends WebhookDeliveryQueue {
  refs: DeliveryJobRef[] = [];
  async enqueue(refs: DeliveryJobRef[]) {
    this.refs.push(...refs);
  }
}

const rs = (inner: string) => `<OTA_HotelResNotifRS xmlns="http://www.opentravel.org/OTA/2003/05">${inner}</OTA_HotelResNotifRS>`;
const ref = { tenantId: TENANT, deliveryId: 'd-1', chain: 1, attempt: 1, target: 'channel' as const };

function setup(answer: ChannelSendResult) {
  const deliveries = new FakeDeliveries();
  deliveries.claimed = {
    connection: {
      id: 'c-1',
      url: 'https://cm.example/ota',
      authType: 'basic',
      authUsername: 'cm',
      sealedSecret: box.seal('s3cret', rowLabel('channel_connections', 'c-1')),
    },
    event: { id: 'e-1', tenantId: TENANT, type: 'booking.confirmed', payload: booking, sequence: null, createdAt: new Date('2026-12-01T00:00:01Z') },
    codes: { hotelCode: 'grand', roomTypeCode: 'DBL', ratePlanCode: 'BAR' },
  };
  const sender = new FakeSender(answer);
  const queue = new FakeQueue();
  const audit: NewAuditEvent[] = [];
  const recorder = { traceId: 'trace-1', append: async (e: NewAuditEvent) => void audit.push(e) } as unknown as ChainRecorder;
  const deliver = new DeliverChannelMessage(deliveries, sender, queue, box, config, recorder);
  return { deliveries, sender, queue, audit, deliver };
}

describe('DeliverChannelMessage (docs/channels-out.md "Retries")', () => {
  it('sends the message with the opened credential; a Success acknowledges, keeps the number and audits it once', async () => {
    const s = setup({ status: 200, durationMs: 5, error: null, body: rs('<Success/><HotelReservationID ResID_Value="PMS-1"/>') });
    await expect(s.deliver.execute(ref)).resolves.toBe('succeeded');
    expect(s.sender.sent[0]).toMatchObject({
      url: 'https://cm.example/ota',
      authorization: `Basic ${Buffer.from('cm:s3cret').toString('base64')}`,
      timeoutMs: 10_000,
    });
    expect(s.sender.sent[0].body).toContain('ResStatus="Commit"');
    expect(s.deliveries.results[0]).toMatchObject({ state: 'succeeded', acknowledgedId: 'PMS-1', nextAttemptAt: null });
    expect(s.audit).toEqual([
      expect.objectContaining({
        type: 'booking.property_confirmed',
        bookingId: 'b-1',
        quoteId: 'q-1',
        holdId: 'h-1',
        data: { property_confirmation_id: 'PMS-1' },
      }),
    ]);
    await s.deliver.execute(ref);
    expect(s.audit).toHaveLength(1);
    expect(s.queue.refs).toEqual([]);
  });

  it('retries an RS with Errors on the schedule, in our words; the last attempt is dead', async () => {
    const s = setup({ status: 200, durationMs: 5, error: null, body: rs('<Errors><Error Type="3" Code="392">secret text</Error></Errors>') });
    await expect(s.deliver.execute(ref)).resolves.toBe('pending');
    expect(s.deliveries.results[0].attempt.error).toBe('OTA_HotelResNotifRS Errors 3/392');
    expect(s.queue.refs).toEqual([expect.objectContaining({ deliveryId: 'd-1', attempt: 2, target: 'channel' })]);
    await expect(s.deliver.execute({ ...ref, attempt: 3 })).resolves.toBe('dead');
    expect(s.deliveries.confirmations.size).toBe(0);
  });

  it('retries a 500 and no answer, ends a 401 at once, and fails a delivery whose connection or codes are gone', async () => {
    await expect(setup({ status: 500, durationMs: 1, error: 'HTTP 500 from the receiver', body: '' }).deliver.execute(ref)).resolves.toBe('pending');
    await expect(setup({ status: null, durationMs: 1, error: 'timeout: no answer within the attempt budget', body: '' }).deliver.execute(ref)).resolves.toBe(
      'pending',
    );
    await expect(setup({ status: 401, durationMs: 1, error: 'HTTP 401 from the receiver', body: '' }).deliver.execute(ref)).resolves.toBe('failed');
    const gone = setup({ status: 200, durationMs: 1, error: null, body: rs('<Success/>') });
    gone.deliveries.claimed = { ...gone.deliveries.claimed!, codes: null };
    await expect(gone.deliver.execute(ref)).resolves.toBe('failed');
    expect(gone.sender.sent).toEqual([]);
    expect(gone.deliveries.results[0].attempt.error).toBe(CHANNEL_GONE);
    const stale = setup({ status: 200, durationMs: 1, error: null, body: '' });
    stale.deliveries.claimed = null;
    await expect(stale.deliver.execute(ref)).resolves.toBe('stale');
  });
});

describe('channel admin use cases', () => {
  it('refuse agents and hide other tenants; create seals the credential and answers without it', async () => {
    const connections = new FakeConnections();
    const create = new CreateChannelConnection(connections, box, config);
    const made = await create.execute({ property_id: PROPERTY, url: 'https://cm.example/ota', auth: { type: 'bearer', token: 'tok' } }, admin);
    expect(made.data).toEqual({
      id: expect.any(String),
      property_id: PROPERTY,
      url: 'https://cm.example/ota',
      auth: { type: 'bearer' },
      created_at: expect.any(String),
    });
    const id = (made.data as { id: string }).id;
    expect(box.open(connections.rows.get(id)!.sealed, rowLabel('channel_connections', id))).toBe('tok');
    await expect(create.execute({ property_id: PROPERTY, url: 'https://cm.example/ota', auth: {} }, agent)).rejects.toMatchObject({
      code: 'principal_kind_not_allowed',
    });
    await expect(
      create.execute({ property_id: OTHER_PROPERTY, url: 'https://cm.example/ota', auth: { type: 'bearer', token: 't' } }, admin),
    ).rejects.toMatchObject({
      code: 'validation_failed',
    });
    await expect(new GetChannelConnection(connections).execute({ connectionId: id }, outsider)).rejects.toMatchObject({ code: 'channel_connection_not_found' });
    await expect(new ListChannelDeliveries(connections, new FakeDeliveries()).execute({ connectionId: id, limit: 5 }, agent)).rejects.toMatchObject({
      code: 'principal_kind_not_allowed',
    });
  });

  it('replays a dead delivery as a new chain on the channel target; a pending one is not replayable', async () => {
    const deliveries = new FakeDeliveries();
    const queue = new FakeQueue();
    const now = new Date();
    deliveries.records.push({
      id: 'd-9',
      tenantId: TENANT,
      connectionId: 'c-1',
      eventId: 'e-1',
      eventType: 'booking.confirmed',
      bookingId: 'b-1',
      state: 'dead',
      chain: 1,
      attempt: 3,
      nextAttemptAt: null,
      lastStatus: 500,
      lastError: 'HTTP 500 from the receiver',
      acknowledgedId: null,
      createdAt: now,
      updatedAt: now,
      attempts: [],
    });
    const replay = new ReplayChannelDelivery(deliveries, queue);
    await expect(replay.execute({ deliveryId: 'd-9' }, outsider)).rejects.toMatchObject({ code: 'channel_delivery_not_found' });
    const out = await replay.execute({ deliveryId: 'd-9' }, admin);
    expect(out.data).toMatchObject({ state: 'pending' });
    expect(queue.refs).toEqual([{ tenantId: TENANT, deliveryId: 'd-9', chain: 2, attempt: 1, target: 'channel' }]);
    await expect(replay.execute({ deliveryId: 'd-9' }, admin)).rejects.toMatchObject({ code: 'channel_delivery_not_replayable' });
  });
});
