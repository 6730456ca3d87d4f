import type { INestApplicationContext } from '@nestjs/common';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import {
  bookStay,
  CARD,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  GUEST,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { callTool, connectMcp, Json } from '../../support/mcp-client';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';
import { Behaviour, WebhookReceiver } from '../../support/webhook-receiver';

const NS = 'xmlns="http://www.opentravel.org/OTA/2003/05"';
const success = (id: string): Behaviour => ({
  status: 200,
  body: `<?xml version="1.0" encoding="UTF-8"?><OTA_HotelResNotifRS ${NS} Version="1.0"><Success/><HotelReservations><HotelReservation><ResGlobalInfo><HotelReservationIDs><HotelReservationID ResID_Type="10" ResID_Value="${id}"/></HotelReservationIDs></ResGlobalInfo></HotelReservation></HotelReservations></OTA_HotelResNotifRS>`,
});
const errors: Behaviour = {
  status: 200,
  body: `<OTA_HotelResNotifRS ${NS}><Errors><Error Type="3" Code="392">Hotel not found at host-7</Error></Errors></OTA_HotelResNotifRS>`,
};

/** Every value of an attribute in document order. */
const attrs = (xml: string, element: string, attr: string): string[] =>
  [...xml.matchAll(new RegExp(`<${element}\\b[^>]*\\b${attr}="([^"]*)"`, 'g'))].map((m) => m[1]);
const decimal = (minor: number) => (minor / 100).toFixed(2);

/** Reservations back to channel managers (docs/channels-out.md), api and worker against a loopback receiver. */
describe('channel managers: OTA_HotelResNotifRQ out', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let worker: INestApplicationContext;
  let cm: WebhookReceiver;
  let base: string;
  let adminKey: string;
  let tenantId: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let mcp: Client;

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen(0, '127.0.0.1');
    base = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    worker = await createWorkerApp(loadConfig(process.env));
    cm = await new WebhookReceiver().start();
    const tenant = await createTenant(t.app);
    adminKey = tenant.adminKey;
    tenantId = tenant.tenantId;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 20, maxOccupancy: 3 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'channel-traveler');
    mcp = await connectMcp(base, agent.apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await worker?.close();
    await cm?.close();
    await t?.close();
  });

  const admin = () => ({ authorization: `Bearer ${adminKey}` });
  const connect = async (propertyId: string, path: string, auth: Record<string, unknown>) => {
    const res = await t
      .http()
      .post('/v1/admin/channel-connections')
      .set(admin())
      .send({ property_id: propertyId, url: cm.url(path), auth });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const deliveriesOf = async (id: string) => (await t.http().get(`/v1/admin/channel-connections/${id}/deliveries`).set(admin())).body.data;
  const messagesAt = (path: string, status: string) =>
    eventually(
      async () => cm.at(path).filter((r) => r.body.includes(`ResStatus="${status}"`)),
      (x) => x.length > 0,
      45_000,
      100,
    );

  it('creates, lists, reads and deletes connections; credentials are sealed and never echoed; bad input changes nothing', async () => {
    const basic = await t
      .http()
      .post('/v1/admin/channel-connections')
      .set(admin())
      .send({ property_id: catalog.propertyId, url: cm.url('/crud'), auth: { type: 'basic', username: 'hcs-user', password: 'pa55-w0rd-secret' } });
    expect(basic.status).toBe(201);
    const id = basic.body.data.id;
    expect(basic.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      property_id: catalog.propertyId,
      url: cm.url('/crud'),
      auth: { type: 'basic', username: 'hcs-user' },
      created_at: expect.any(String),
    });
    const bearer = await t
      .http()
      .post('/v1/admin/channel-connections')
      .set(admin())
      .send({ property_id: catalog.propertyId, url: cm.url('/crud-2'), auth: { type: 'bearer', token: 'tok-very-secret' } });
    expect(bearer.body.data.auth).toEqual({ type: 'bearer' });
    const [row] = await t.app.get(DataSource).query(`SELECT auth_ciphertext FROM channel_connections WHERE id = $1`, [id]);
    expect(row.auth_ciphertext).not.toContain('pa55-w0rd-secret');

    const list = await t.http().get('/v1/admin/channel-connections?limit=1').set(admin());
    const rest = await t.http().get(`/v1/admin/channel-connections?limit=1&cursor=${list.body.data.next_cursor}`).set(admin());
    const read = await t.http().get(`/v1/admin/channel-connections/${id}`).set(admin());
    expect(read.body.data).toEqual(basic.body.data);
    for (const res of [basic, bearer, list, rest, read]) expect(JSON.stringify(res.body)).not.toMatch(/pa55-w0rd-secret|tok-very-secret/);
    expect([...list.body.data.items, ...rest.body.data.items].map((c: Json) => c.id)).toEqual(expect.arrayContaining([id, bearer.body.data.id]));

    const bad = await t
      .http()
      .post('/v1/admin/channel-connections')
      .set(admin())
      .send({ property_id: 'nope', url: 'ftp://example.com/x', auth: { type: 'basic', username: 'a:b' } });
    expect([bad.status, bad.body.error.code]).toEqual([400, 'validation_failed']);
    expect(bad.body.error.detail.field_errors.map((e: Json) => e.path)).toEqual(['property_id', 'url', 'auth.username', 'auth.password']);
    expect((await t.app.get(DataSource).query(`SELECT count(*)::int AS n FROM channel_connections WHERE url = 'ftp://example.com/x'`))[0].n).toBe(0);
    const other = await createTenant(t.app);
    const foreign = await t
      .http()
      .post('/v1/admin/channel-connections')
      .set({ authorization: `Bearer ${other.adminKey}` })
      .send({ property_id: catalog.propertyId, url: cm.url('/x'), auth: { type: 'bearer', token: 't' } });
    expect(foreign.body.error.detail.field_errors).toEqual([{ path: 'property_id', message: 'is not a property of this tenant' }]);
    expect(
      (
        await t
          .http()
          .get(`/v1/admin/channel-connections/${id}`)
          .set({ authorization: `Bearer ${other.adminKey}` })
      ).body.error.code,
    ).toBe('channel_connection_not_found');

    for (const c of [id, bearer.body.data.id]) expect((await t.http().delete(`/v1/admin/channel-connections/${c}`).set(admin())).status).toBe(200);
    expect((await t.http().get(`/v1/admin/channel-connections/${id}`).set(admin())).status).toBe(404);
  });

  it('a booking confirmed through MCP reaches the channel manager as OTA_HotelResNotifRQ; its RS sets property_confirmation_id; room cancel and cancel follow', async () => {
    const connectionId = await connect(catalog.propertyId, '/ack', { type: 'basic', username: 'cm-user', password: 'cm-pass' });
    cm.answer('/ack', (n) => success(`PMS-${n}`));
    const [codes] = await t.app
      .get(DataSource)
      .query(
        `SELECT p.slug, rt.code AS room_type_code, rp.code AS rate_plan_code FROM properties p JOIN room_types rt ON rt.id = $2 JOIN rate_plans rp ON rp.id = $3 WHERE p.id = $1`,
        [catalog.propertyId, catalog.roomTypeId, catalog.freePlanId],
      );

    const stay = { check_in: daysFromToday(30), check_out: daysFromToday(32) };
    const quote = await callTool(mcp, 'create_quote', {
      hotel_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      rate_plan_id: catalog.freePlanId,
      stay,
      rooms: [{ adults: 2 }, { adults: 1, children: [{ age: 5 }] }],
    });
    expect(quote.isError).toBe(false);
    const quoteId = quote.envelope.data.quote_id;
    const hold = await callTool(mcp, 'create_hold', { quote_id: quoteId, idempotency_key: `hold-${quoteId}` });
    const booked = await callTool(mcp, 'confirm_booking', {
      hold_id: hold.envelope.data.hold_id,
      quote_id: quoteId,
      guest: { ...GUEST, rooms: [{ room: 2, full_name: 'Charles Babbage' }] },
      payment: CARD(),
      idempotency_key: `book-${hold.envelope.data.hold_id}`,
      delegation_token: traveler,
    });
    expect(booked.isError).toBe(false);
    const bookingId = booked.envelope.data.booking_id;
    expect(booked.envelope.data.property_confirmation_id).toBeNull();

    const [commit] = await messagesAt('/ack', 'Commit');
    expect(commit.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(commit.headers.authorization).toBe(`Basic ${Buffer.from('cm-user:cm-pass').toString('base64')}`);
    const xml = commit.body;
    const read = (await t.http().get(`/v1/bookings/${bookingId}`).set('authorization', `Bearer ${agent.apiKey}`)).body.data;
    const price = read.price_breakdown;
    expect(xml).toContain(`<OTA_HotelResNotifRQ ${NS}`);
    expect(attrs(xml, 'UniqueID', 'ID')).toEqual([bookingId]);
    expect(attrs(xml, 'HotelReservationID', 'ResID_Value')).toEqual([bookingId]);
    expect(attrs(xml, 'HotelReservationID', 'ResID_Type')).toEqual(['14']);
    expect(attrs(xml, 'BasicPropertyInfo', 'HotelCode')).toEqual([codes.slug, codes.slug]);
    expect(attrs(xml, 'RoomType', 'RoomTypeCode')).toEqual([codes.room_type_code, codes.room_type_code]);
    expect(attrs(xml, 'RatePlan', 'RatePlanCode')).toEqual([codes.rate_plan_code, codes.rate_plan_code]);
    expect(attrs(xml, 'Rate', 'EffectiveDate')).toEqual(price.rooms.flatMap((r: Json) => r.nights.map((n: Json) => n.date)));
    expect(attrs(xml, 'Base', 'AmountBeforeTax')).toEqual(price.rooms.flatMap((r: Json) => r.nights.map((n: Json) => decimal(n.amount.amount))));
    expect(attrs(xml, 'GuestCount', 'Count')).toEqual(['2', '1', '1']);
    expect(attrs(xml, 'GuestCount', 'Age')).toEqual(['5']);
    expect(attrs(xml, 'Total', 'AmountAfterTax')).toEqual([decimal(price.total.amount)]);
    expect(attrs(xml, 'Payable', 'Online')).toEqual([decimal(price.payable_online.amount)]);
    expect(attrs(xml, 'Payable', 'AtProperty')).toEqual([decimal(price.payable_at_property.amount)]);
    expect(attrs(xml, 'Tax', 'Code')).toEqual(price.taxes.map((x: Json) => x.code));
    expect(attrs(xml, 'Fee', 'Code')).toEqual(price.fees.map((x: Json) => x.code));
    for (const item of [...price.taxes, ...price.fees]) expect(xml).toContain(`payable:${item.payable}`);
    expect(xml).toContain('<GivenName>Ada</GivenName><Surname>Lovelace</Surname>');
    expect(xml).toContain(`<Email>${GUEST.primary.email}</Email>`);
    expect(xml).toContain('<GivenName>Charles</GivenName><Surname>Babbage</Surname>');

    const confirmed = await eventually(
      async () => (await t.http().get(`/v1/bookings/${bookingId}`).set('authorization', `Bearer ${agent.apiKey}`)).body.data,
      (b) => b.property_confirmation_id !== null,
      45_000,
      100,
    );
    expect(confirmed.property_confirmation_id).toBe('PMS-1');
    expect((await callTool(mcp, 'get_booking', { booking_id: bookingId })).envelope.data.property_confirmation_id).toBe('PMS-1');
    const audit = (await t.http().get(`/v1/bookings/${bookingId}/audit`).set('authorization', `Bearer ${agent.apiKey}`)).body.data.items;
    expect(audit.filter((e: Json) => e.type === 'booking.property_confirmed')).toEqual([
      expect.objectContaining({ actor: { kind: 'system', id: 'channel-delivery' }, data: { property_confirmation_id: 'PMS-1' } }),
    ]);
    const first = await deliveriesOf(connectionId);
    expect(first.items).toEqual([
      expect.objectContaining({ booking_id: bookingId, event_type: 'booking.confirmed', state: 'succeeded', acknowledged_id: 'PMS-1', last_status: 200 }),
    ]);

    const roomCancel = await callTool(mcp, 'cancel_booking_room', { booking_id: bookingId, room: 2, delegation_token: traveler });
    expect(roomCancel.isError).toBe(false);
    const [modify] = await messagesAt('/ack', 'Modify');
    expect(modify.body.match(/<RoomStay>/g)).toHaveLength(1);
    expect(attrs(modify.body, 'HotelReservationID', 'ResID_Value')).toEqual([bookingId, 'PMS-1']);

    const cancel = await callTool(mcp, 'cancel_booking', { booking_id: bookingId, delegation_token: traveler });
    expect(cancel.isError).toBe(false);
    const [cancelled] = await messagesAt('/ack', 'Cancel');
    expect(attrs(cancelled.body, 'UniqueID', 'ID')).toEqual([bookingId]);
    // The later acknowledgements carry new numbers: the booking keeps the latest, audited once each.
    const last = await eventually(
      () => deliveriesOf(connectionId),
      (d) => d.items.length === 3 && d.items.every((x: Json) => x.state === 'succeeded'),
      45_000,
      100,
    );
    expect(last.items.map((x: Json) => x.event_type).sort()).toEqual(['booking.cancelled', 'booking.confirmed', 'booking.room_cancelled']);
  });

  it('an RS with Errors, a 500 and garbage are failed attempts, retried, then dead-lettered; a replay delivers the same message', async () => {
    // A property of its own, so the other connections receive nothing of this booking.
    const other = await createChainCatalog(t.app, tenantId, { defaultInventory: 5 });
    const connectionId = await connect(other.propertyId, '/flaky', { type: 'bearer', token: 'cm-token' });
    let healthy = false;
    cm.answer('/flaky', (n) =>
      healthy ? success('PMS-R') : n === 1 ? errors : n === 2 ? { status: 500, body: 'boom at host-7' } : { status: 200, body: 'OK' },
    );
    const b = await bookStay(t, agent, other, traveler, { start: 40, nights: 1, planId: other.freePlanId, adults: 1 });

    const dead = await eventually(
      () => deliveriesOf(connectionId),
      (d) => d.items.length === 1 && d.items[0].state === 'dead',
      45_000,
      100,
    );
    const delivery = dead.items[0];
    expect(delivery).toMatchObject({ booking_id: b.bookingId, acknowledged_id: null });
    expect(delivery.attempts.map((a: Json) => [a.attempt, a.status, a.error])).toEqual([
      [1, 200, 'OTA_HotelResNotifRS Errors 3/392'],
      [2, 500, 'HTTP 500 from the receiver'],
      [3, 200, 'unreadable OTA_HotelResNotifRS: not well-formed XML'],
    ]);
    expect(JSON.stringify(dead)).not.toContain('host-7');
    expect(cm.at('/flaky')[0].headers.authorization).toBe('Bearer cm-token');

    healthy = true;
    const replay = await t.http().post(`/v1/admin/channel-deliveries/${delivery.id}/replay`).set(admin());
    expect(replay.status).toBe(200);
    expect(replay.body.data).toMatchObject({ id: delivery.id, state: expect.stringMatching(/^(pending|in_flight|succeeded)$/) });
    const done = await eventually(
      () => deliveriesOf(connectionId),
      (d) => d.items[0].state === 'succeeded',
      45_000,
      100,
    );
    expect(done.items[0]).toMatchObject({ state: 'succeeded', acknowledged_id: 'PMS-R' });
    expect(done.items[0].attempts.at(-1)).toMatchObject({ chain: 2, attempt: 1, status: 200, error: null });
    const bodies = cm.at('/flaky').map((r) => r.body);
    expect(new Set(bodies).size).toBe(1);
    const again = await t.http().post(`/v1/admin/channel-deliveries/${delivery.id}/replay`).set(admin());
    expect([again.status, again.body.error.code]).toEqual([409, 'channel_delivery_not_replayable']);
    expect((await t.http().post(`/v1/admin/channel-deliveries/00000000-0000-4000-8000-000000000000/replay`).set(admin())).body.error.code).toBe(
      'channel_delivery_not_found',
    );
  });
});
