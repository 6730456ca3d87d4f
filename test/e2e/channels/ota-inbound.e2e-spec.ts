import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { createTenant, TestTenant } from '../../support/factories';
import { createAgent, createProperty, daysFromNow, PropertyFixture } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';
import { sendOtaMessage } from '../../../apps/cli/src/commands/channel.command';

const NS = 'http://www.opentravel.org/OTA/2003/05';
const DOCS = join(__dirname, '..', '..', '..', 'docs', 'ota');
const XSD = readFileSync(join(DOCS, 'ota-subset.xsd'), 'utf8');

/** The schema errors of a document against docs/ota/ota-subset.xsd (empty when valid). */
async function xsdErrors(xml: string): Promise<string[]> {
  const result = await validateXML({ xml: { fileName: 'message.xml', contents: xml }, schema: { fileName: 'ota-subset.xsd', contents: XSD } });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** Example dates 2027-06-01..07 moved to 40..46 days from now, so quotes can reach them. */
const day = (d: number) => daysFromNow(39 + d);

/** A documented example message (docs/ota/examples) for this test's property. */
function example(name: string, slug: string): string {
  return readFileSync(join(DOCS, 'examples', `${name}.xml`), 'utf8')
    .replace(/hotel-azur/g, slug)
    .replace(/2027-06-0(\d)/g, (_m, d: string) => day(Number(d)));
}

const codesOf = (xml: string, tag: 'Error' | 'Warning') =>
  [...xml.matchAll(new RegExp(`<${tag} Type="(\\d+)" Code="(\\d+)"`, 'g'))].map((m) => `${m[1]}/${m[2]}`);

describe('channel managers in: OpenTravel ARI messages over HTTP', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let admin: { authorization: string };
  let agent: { authorization: string };
  let hotel: PropertyFixture;
  let other: PropertyFixture;
  let channel: { id: string; secret: string };
  let flex: string;
  let nonref: string;
  let dbl: string;

  const bearer = () => ({ authorization: `Bearer ${channel.secret}` });
  const basic = (id = channel.id, secret = channel.secret) => ({ authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });
  const send = (message: string, xml: string | Buffer, auth: Record<string, string> = bearer()) =>
    t.http().post(`/ota/v1/${message}`).set(auth).set('content-type', 'application/xml').send(xml);
  const restrictions = (plan: string, from: number, to: number) =>
    t
      .http()
      .get(`/v1/admin/rate-plans/${plan}/restrictions?from=${day(from)}&to=${day(to)}`)
      .set(admin)
      .then((r) => r.body.data.items as Array<Record<string, unknown>>);
  const rates = (plan: string, from: number, to: number) =>
    t
      .http()
      .get(`/v1/admin/rate-plans/${plan}/rates?from=${day(from)}&to=${day(to)}`)
      .set(admin)
      .then((r) => r.body.data);
  const inventory = (from: number, to: number) =>
    t
      .http()
      .get(`/v1/admin/room-types/${dbl}/inventory?from=${day(from)}&to=${day(to)}`)
      .set(admin)
      .then((r) => r.body.data);
  const quote = (plan: string, checkIn: number, checkOut: number, adults: number) =>
    t
      .http()
      .post('/v1/quotes')
      .set(agent)
      .send({
        hotel_id: hotel.id,
        room_type_id: dbl,
        rate_plan_id: plan,
        stay: { check_in: day(checkIn), check_out: day(checkOut) },
        guests: { adults, children: [] },
      });
  /** Everything a message could change, to prove a refused one changed nothing. */
  const state = async () => ({
    flex: await rates(flex, 1, 7),
    nonref: await rates(nonref, 1, 7),
    flexRestrictions: await restrictions(flex, 1, 7),
    nonrefRestrictions: await restrictions(nonref, 1, 7),
    inventory: await inventory(1, 7),
  });

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    agent = { authorization: `Bearer ${(await createAgent(t.app, tenant.tenantId)).apiKey}` };
    hotel = await createProperty(t, tenant.adminKey);
    other = await createProperty(t, tenant.adminKey);
    dbl = hotel.roomTypes[0].id;
    [flex, nonref] = hotel.roomTypes[0].ratePlans.map((p) => p.id);
  });
  afterAll(() => t.close());

  it('an admin creates, lists and reads a channel; its secret is shown once; property ids are checked', async () => {
    const created = await t
      .http()
      .post('/v1/admin/channels')
      .set(admin)
      .send({ name: 'SiteMinder', property_ids: [hotel.id] });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      channel: {
        id: expect.any(String),
        name: 'SiteMinder',
        status: 'active',
        scopes: ['ari:write'],
        property_ids: [hotel.id],
        created_at: expect.any(String),
      },
      credential: { id: expect.any(String), secret: expect.stringMatching(/^hcs_chn_/), prefix: expect.any(String), created_at: expect.any(String) },
    });
    channel = { id: created.body.data.channel.id, secret: created.body.data.credential.secret };

    const refused = await t
      .http()
      .post('/v1/admin/channels')
      .set(admin)
      .send({ name: 'Nope', property_ids: [hotel.id, '00000000-0000-4000-8000-000000000000'] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.detail.field_errors).toEqual([{ path: 'property_ids.1', message: 'is not a property of the tenant' }]);

    const list = await t.http().get('/v1/admin/channels').set(admin);
    expect(list.body.data.items.map((c: { id: string }) => c.id)).toEqual([channel.id]);
    const read = await t.http().get(`/v1/admin/channels/${channel.id}`).set(admin);
    expect(read.body.data.credentials).toEqual([expect.objectContaining({ revoked_at: null })]);
    expect(JSON.stringify(read.body)).not.toContain(channel.secret);
    expect(
      (
        await t
          .http()
          .get(`/v1/admin/channels/${channel.id}`)
          .set({ authorization: `Bearer ${(await createTenant(t.app)).adminKey}` })
      ).body.error.code,
    ).toBe('channel_not_found');
    expect((await t.http().get('/v1/admin/channels').set(agent)).body.error.code).toBe('principal_kind_not_allowed');
    expect((await t.http().get('/v1/admin/channels').set(bearer())).body.error.code).toBe('principal_kind_not_allowed');
  });

  it('authenticates by Bearer or HTTP Basic; a missing or bad credential is the JSON 401 envelope', async () => {
    const xml = example('siteminder-availability', hotel.slug);
    const none = await t.http().post('/ota/v1/OTA_HotelAvailNotifRQ').set('content-type', 'application/xml').send(xml);
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthenticated');
    for (const auth of [basic(channel.id, 'wrong'), basic(tenant.adminPrincipalId), { authorization: 'Bearer hcs_chn_nope' }]) {
      const bad = await send('OTA_HotelAvailNotifRQ', xml, auth);
      expect(bad.status).toBe(401);
      expect(bad.body.error.code).toBe('unauthenticated');
    }
    expect((await send('OTA_HotelAvailNotifRQ', xml, admin)).body.error.code).toBe('principal_kind_not_allowed');
    const unknown = await send('OTA_HotelFooRQ', xml);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('ota_message_unknown');
    const json = await t.http().post('/ota/v1/OTA_HotelAvailNotifRQ').set(bearer()).send({ not: 'xml' });
    expect(json.status).toBe(415);

    const byBasic = await send('OTA_HotelAvailNotifRQ', xml, basic());
    expect(byBasic.status).toBe(200);
    expect(byBasic.headers['content-type']).toMatch(/^application\/xml/);
    expect(byBasic.headers['ratelimit-limit']).toBeDefined();
    expect(byBasic.text).toContain('<Success/>');
  });

  it('applies SiteMinder messages (availability, restrictions, rates): read back through the admin routes and priced in a quote', async () => {
    for (const [message, name] of [
      ['OTA_HotelAvailNotifRQ', 'siteminder-availability'],
      ['OTA_HotelAvailNotifRQ', 'siteminder-restrictions'],
      ['OTA_HotelRateAmountNotifRQ', 'siteminder-rates'],
    ]) {
      const xml = example(name, hotel.slug);
      expect(await xsdErrors(xml)).toEqual([]);
      const res = await send(message, xml);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<Success/>');
      expect(res.text).toContain(`<${message.replace(/RQ$/, 'RS')} xmlns="${NS}" EchoToken="`);
      expect(await xsdErrors(res.text)).toEqual([]);
    }
    // BookingLimit 3 with nothing held or sold: allotment 3.
    expect((await inventory(1, 7)).nights.map((n: { allotment: number }) => n.allotment)).toEqual([3, 3, 3, 3, 3, 3, 3]);
    const nr = await restrictions(nonref, 4, 6);
    expect(nr.map((d) => d.stop_sell)).toEqual([null, true, null]);
    const fl = await restrictions(flex, 1, 3);
    expect(fl.map((d) => [d.closed_to_arrival, d.min_stay_arrival, d.max_stay_through])).toEqual([
      [true, null, null],
      [null, 2, 5],
      [null, 2, 5],
    ]);
    // AmountAfterTax with the property's 6 % VAT added on top: 106.00 → 100.00, 137.80 → 130.00.
    const calendar = await rates(flex, 1, 2);
    expect(calendar.nights[0]).toEqual(expect.objectContaining({ amount: 13000, overridden: true, by_adults: { '1': 10000, '2': 13000 } }));

    const two = await quote(flex, 2, 4, 2);
    expect(two.status).toBe(201);
    expect(two.body.data.price_breakdown.subtotal.amount).toBe(26000);
    expect((await quote(flex, 2, 4, 1)).body.data.price_breakdown.subtotal.amount).toBe(20000);
    const closed = await quote(flex, 1, 3, 2);
    expect(closed.status).toBe(409);
    expect(closed.body.error.detail.violations).toEqual(expect.arrayContaining([{ rule: 'closed_to_arrival', date: day(1), limit: true }]));
  });

  it('applies RateGain messages (occupancy rates with extra guests, inventory counts)', async () => {
    const rateXml = example('rategain-rates-occupancy', hotel.slug);
    const invXml = example('rategain-inventory', hotel.slug);
    expect(await xsdErrors(rateXml)).toEqual([]);
    expect(await xsdErrors(invXml)).toEqual([]);
    const rate = await send('OTA_HotelRateAmountNotifRQ', rateXml);
    expect(rate.text).toContain('<Success/>');
    expect(rate.text).toContain('Version="1.002"');
    // AmountBeforeTax is taken when taxes are added on top; Amount without TaxInclusive is before tax.
    const calendar = await rates(nonref, 1, 4);
    expect(calendar.nights.slice(0, 3).map((n: Record<string, unknown>) => [n.amount, n.by_adults, n.extra_adult, n.child_rates])).toEqual(
      Array(3).fill([9500, { '1': 8000, '2': 9500 }, 3000, [{ max_age: 12, amount: 1500 }]]),
    );
    expect(calendar.nights[3].overridden).toBe(false);

    const inv = await send('OTA_HotelInvCountNotifRQ', invXml);
    expect(inv.text).toContain('<Success/>');
    expect(await xsdErrors(inv.text)).toEqual([]);
    expect((await inventory(1, 4)).nights.map((n: { allotment: number }) => n.allotment)).toEqual([4, 4, 6, 3]);
  });

  it("refuses another property's HotelCode as an Error and changes nothing", async () => {
    const before = await state();
    const xml = example('siteminder-rates', other.slug).replace('sm-rate-0001', 'sm-rate-foreign');
    const res = await send('OTA_HotelRateAmountNotifRQ', xml);
    expect(res.status).toBe(200);
    expect(codesOf(res.text, 'Error')).toEqual(['6/392']);
    expect(res.text).not.toContain('Success');
    expect(await xsdErrors(res.text)).toEqual([]);
    expect(await state()).toEqual(before);
  });

  it('applies a message all or nothing: one bad element refuses every other, with one Error per bad element', async () => {
    const before = await state();
    const xml = `<OTA_HotelAvailNotifRQ xmlns="${NS}" EchoToken="aon-1" TimeStamp="2030-01-01T00:00:00Z" Version="1.0"><AvailStatusMessages HotelCode="${hotel.slug}">
      <AvailStatusMessage BookingLimit="1"><StatusApplicationControl Start="${day(1)}" End="${day(7)}" InvTypeCode="DBL"/></AvailStatusMessage>
      <AvailStatusMessage><StatusApplicationControl Start="${day(1)}" End="${day(7)}" InvTypeCode="DBL" RatePlanCode="FLEX"/><RestrictionStatus Status="Close"/></AvailStatusMessage>
      <AvailStatusMessage><StatusApplicationControl Start="${day(1)}" End="${day(7)}" InvTypeCode="TWIN"/><RestrictionStatus Status="Close"/></AvailStatusMessage>
      <AvailStatusMessage><StatusApplicationControl Start="${day(1)}" End="${day(7)}" InvTypeCode="DBL" RatePlanCode="FLEX"/><LengthsOfStay><LengthOfStay Time="2" MinMaxMessageType="SetMinStay"/></LengthsOfStay></AvailStatusMessage>
    </AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
    const res = await send('OTA_HotelAvailNotifRQ', xml);
    expect(res.status).toBe(200);
    expect(codesOf(res.text, 'Error')).toEqual(['3/320']);
    expect(res.text).toContain('NodeList="/OTA_HotelAvailNotifRQ/AvailStatusMessages[1]/AvailStatusMessage[4]/LengthsOfStay[1]/LengthOfStay[1]"');
    const fixed = await send('OTA_HotelAvailNotifRQ', xml.replace('aon-1', 'aon-2').replace('SetMinStay', 'SetMinLOS'));
    expect(codesOf(fixed.text, 'Error')).toEqual(['3/402']);
    expect(await state()).toEqual(before);
  });

  it('answers a repeated EchoToken with the first answer byte for byte, and refuses it with another body', async () => {
    const xml = example('siteminder-rates', hotel.slug);
    const first = await send('OTA_HotelRateAmountNotifRQ', xml.replace('sm-rate-0001', 'sm-rate-echo'));
    const again = await send('OTA_HotelRateAmountNotifRQ', xml.replace('sm-rate-0001', 'sm-rate-echo'));
    expect(again.text).toBe(first.text);
    // The original example's token was answered in an earlier test: the replay is that answer too.
    const replay = await send('OTA_HotelRateAmountNotifRQ', xml);
    expect(replay.text).toContain('EchoToken="sm-rate-0001"');
    expect(replay.text).toContain('<Success/>');
    const other = await send('OTA_HotelRateAmountNotifRQ', xml.replace('137.80', '140.00'));
    expect(codesOf(other.text, 'Error')).toEqual(['7/450']);
    expect(other.text).toContain('already sent with another message body');
    // Another message type keeps its own tokens.
    const avail = await send('OTA_HotelAvailNotifRQ', example('siteminder-availability', hotel.slug).replace('sm-avail-0001', 'sm-rate-echo'));
    expect(avail.text).toContain('<Success/>');
    expect((await rates(flex, 1, 1)).nights[0].amount).toBe(13000);
  });

  it('keeps a newer value against an older TimeStamp, with a Warning, and applies an equal or newer one', async () => {
    const message = (token: string, stamp: string, amount: string, ranges: Array<[number, number]>) =>
      `<OTA_HotelRateAmountNotifRQ xmlns="${NS}" EchoToken="${token}" TimeStamp="${stamp}" Version="1.0"><RateAmountMessages HotelCode="${hotel.slug}">${ranges
        .map(
          ([from, to]) => `<RateAmountMessage><StatusApplicationControl Start="${day(from)}" End="${day(to)}" InvTypeCode="DBL" RatePlanCode="FLEX"/>
        <Rates><Rate><BaseByGuestAmts><BaseByGuestAmt AmountBeforeTax="${amount}"/></BaseByGuestAmts></Rate></Rates></RateAmountMessage>`,
        )
        .join('')}</RateAmountMessages></OTA_HotelRateAmountNotifRQ>`;
    const newer = await send('OTA_HotelRateAmountNotifRQ', message('ts-1', '2031-01-01T12:00:00Z', '150', [[6, 7]]));
    expect(newer.text).toContain('<Success/>');
    expect(newer.text).not.toContain('Warning');
    // Older for days 6-7 only: day 5 was last stamped by the SiteMinder example (2027).
    const older = await send(
      'OTA_HotelRateAmountNotifRQ',
      message('ts-2', '2031-01-01T11:00:00Z', '90', [
        [6, 7],
        [5, 5],
      ]),
    );
    expect(older.text).toContain('<Success/>');
    expect(codesOf(older.text, 'Warning')).toEqual(['3/447']);
    expect(older.text).toContain(`rate of DBL/FLEX not applied on 2 date(s) (${day(6)}..${day(7)})`);
    expect(await xsdErrors(older.text)).toEqual([]);
    expect((await rates(flex, 5, 7)).nights.map((n: { amount: number }) => n.amount)).toEqual([9000, 15000, 15000]);
    const equal = await send('OTA_HotelRateAmountNotifRQ', message('ts-3', '2031-01-01T12:00:00Z', '160', [[6, 7]]));
    expect(equal.text).not.toContain('Warning');
    expect((await rates(flex, 6, 7)).nights.map((n: { amount: number }) => n.amount)).toEqual([16000, 16000]);
  });

  it('applies an allotment below what is held, opens an oversell incident and warns', async () => {
    const q = await quote(flex, 2, 4, 2);
    expect(q.status).toBe(201);
    const hold = await t.http().post('/v1/holds').set(agent).send({ quote_id: q.body.data.quote_id });
    expect(hold.status).toBe(201);
    const xml = `<OTA_HotelInvCountNotifRQ xmlns="${NS}" EchoToken="over-1" TimeStamp="2031-02-01T00:00:00Z" Version="1.0"><Inventories HotelCode="${hotel.slug}">
      <Inventory><StatusApplicationControl Start="${day(2)}" End="${day(2)}" InvTypeCode="DBL"/><InvCounts><InvCount CountType="1" Count="0"/></InvCounts></Inventory>
      <Inventory><StatusApplicationControl Start="${day(3)}" End="${day(3)}" InvTypeCode="DBL"/><InvCounts><InvCount CountType="2" Count="0"/></InvCounts></Inventory>
    </Inventories></OTA_HotelInvCountNotifRQ>`;
    const res = await send('OTA_HotelInvCountNotifRQ', xml);
    expect(res.text).toContain('<Success/>');
    expect(codesOf(res.text, 'Warning')).toEqual(['3/28']);
    expect(res.text).toContain(`${day(2)} has 1 held or sold for 0`);
    expect(await xsdErrors(res.text)).toEqual([]);
    // Rooms left 0 on a night with one held: the allotment is held + sold + 0 = 1.
    expect((await inventory(2, 3)).nights.map((n: { allotment: number; held: number }) => [n.allotment, n.held])).toEqual([
      [0, 1],
      [1, 1],
    ]);
    const incidents = await t.http().get('/v1/admin/oversell-incidents').query({ limit: 100 }).set(admin);
    expect(incidents.body.data.items.filter((i: { room_type_id: string; date: string }) => i.room_type_id === dbl && i.date === day(2))).toEqual([
      expect.objectContaining({ state: 'open', detected_by: 'inventory_change', allotment: 0, held: 1 }),
    ]);
  });

  it('answers hostile XML without a 5xx and changes nothing', async () => {
    const before = await state();
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<OTA_HotelAvailNotifRQ xmlns="${NS}" Version="1.0"><AvailStatusMessages HotelCode="&lol3;"/></OTA_HotelAvailNotifRQ>`;
    const external = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><OTA_HotelAvailNotifRQ xmlns="${NS}" Version="1.0"><AvailStatusMessages HotelCode="&xxe;"/></OTA_HotelAvailNotifRQ>`;
    const deep = `<OTA_HotelAvailNotifRQ xmlns="${NS}" Version="1.0">${'<AvailStatusMessages>'.repeat(10_000)}${'</AvailStatusMessages>'.repeat(10_000)}</OTA_HotelAvailNotifRQ>`;
    for (const [xml, text] of [
      [laughs, 'DOCTYPE'],
      [external, 'DOCTYPE'],
      [deep, 'nest deeper'],
      [`<OTA_HotelAvailNotifRQ xmlns="${NS}"><unclosed></OTA_HotelAvailNotifRQ>`, 'not well-formed'],
      [`<OTA_HotelAvailNotifRQ xmlns="urn:not-ota" Version="1.0"/>`, 'namespace'],
      ['', 'not well-formed'],
    ]) {
      const res = await send('OTA_HotelAvailNotifRQ', xml);
      expect(res.status).toBe(200);
      expect(codesOf(res.text, 'Error')).toEqual(['7/450']);
      expect(res.text).toContain(text);
      expect(res.text).not.toContain('root:');
      expect(await xsdErrors(res.text)).toEqual([]);
    }
    const huge = Buffer.alloc(17 * 1024 * 1024, 0x20);
    const tooLarge = await send('OTA_HotelAvailNotifRQ', huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({ code: 'payload_too_large', detail: { limit_bytes: 16 * 1024 * 1024 } });
    expect(await state()).toEqual(before);
  });

  it('counts messages by type and outcome, and the values applied, in /metrics', async () => {
    const metrics = await t.http().get('/metrics');
    expect(metrics.status).toBe(200);
    const value = (line: string) => Number(new RegExp(`^${line.replace(/[{}]/g, '\\$&')} (\\d+)$`, 'm').exec(metrics.text)?.[1] ?? 0);
    expect(value('hcs_ota_messages_total{message="OTA_HotelAvailNotifRQ",outcome="errors"}')).toBeGreaterThanOrEqual(6);
    expect(value('hcs_ota_messages_total{message="OTA_HotelRateAmountNotifRQ",outcome="replay"}')).toBeGreaterThanOrEqual(2);
    expect(value('hcs_ota_messages_total{message="OTA_HotelRateAmountNotifRQ",outcome="warnings"}')).toBeGreaterThanOrEqual(1);
    expect(value('hcs_ota_dates_applied_total{message="OTA_HotelRateAmountNotifRQ"}')).toBeGreaterThanOrEqual(7 + 3);
  });

  it('hcs channel send posts a message file with the channel credential and answers the RS', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hcs-ota-')), 'inventory.xml');
    writeFileSync(file, example('rategain-inventory', hotel.slug).replace('rg-inv-77', 'cli-inv-1'));
    await t.app.listen(0, '127.0.0.1');
    const url = (await t.app.getUrl()).replace('[::1]', '127.0.0.1');
    const sent = await sendOtaMessage(file, { url, channel: channel.id, secret: channel.secret });
    expect(sent).toEqual({ status: 200, message: 'OTA_HotelInvCountNotifRQ', body: expect.stringContaining('<Success/>') });
    expect(sent.body).toContain('EchoToken="cli-inv-1"');
    const refused = await sendOtaMessage(file, { url, secret: 'hcs_chn_wrong' });
    expect(refused.status).toBe(401);
  });

  it('rotation replaces the secret at once; revocation stops the channel', async () => {
    const xml = example('siteminder-availability', hotel.slug);
    const rotated = await t.http().post(`/v1/admin/channels/${channel.id}/rotate`).set(admin);
    expect(rotated.status).toBe(201);
    const fresh = rotated.body.data.credential.secret as string;
    expect(fresh).not.toBe(channel.secret);
    expect((await send('OTA_HotelAvailNotifRQ', xml)).status).toBe(401);
    channel = { ...channel, secret: fresh };
    expect((await send('OTA_HotelAvailNotifRQ', xml, basic())).status).toBe(200);

    const revoked = await t.http().post(`/v1/admin/channels/${channel.id}/revoke`).set(admin);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('disabled');
    expect((await send('OTA_HotelAvailNotifRQ', xml)).status).toBe(401);
    expect((await t.http().post(`/v1/admin/channels/${channel.id}/rotate`).set(admin)).body.error.code).toBe('channel_revoked');
    const read = await t.http().get(`/v1/admin/channels/${channel.id}`).set(admin);
    expect(read.body.data.credentials.every((c: { revoked_at: string | null }) => c.revoked_at !== null)).toBe(true);
  });
});
