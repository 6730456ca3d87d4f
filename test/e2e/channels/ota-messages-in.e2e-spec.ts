import { createTenant, TestTenant } from '../../support/factories';
import { createProperty, daysFromNow, PropertyFixture } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

const NS = 'http://www.opentravel.org/OTA/2003/05';

/** A stop-sell message for the property's DBL/FLEX on a date 40 days out, optionally with a bad range. */
const stopSell = (slug: string, token: string, opts: { badRange?: boolean; password?: string } = {}) => {
  const [from, to] = opts.badRange ? [daysFromNow(45), daysFromNow(40)] : [daysFromNow(40), daysFromNow(41)];
  const pos = opts.password ? `<POS><Source><RequestorID ID="cm" MessagePassword="${opts.password}"/></Source></POS>` : '';
  return `<OTA_HotelAvailNotifRQ xmlns="${NS}" EchoToken="${token}" TimeStamp="2030-01-01T00:00:00Z" Version="1.0">${pos}
  <AvailStatusMessages HotelCode="${slug}"><AvailStatusMessage>
    <StatusApplicationControl Start="${from}" End="${to}" InvTypeCode="DBL" RatePlanCode="FLEX"/><RestrictionStatus Status="Close"/>
  </AvailStatusMessage></AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
};

describe("a channel's messages in: recorded with their RS and listed to admins", () => {
  let t: TestApp;
  let tenant: TestTenant;
  let admin: { authorization: string };
  let hotel: PropertyFixture;
  let channel: { id: string; secret: string };

  const send = (message: string, xml: string, secret = channel.secret) =>
    t
      .http()
      .post(`/ota/v1/${message}`)
      .set({ authorization: `Bearer ${secret}` })
      .set('content-type', 'application/xml')
      .send(xml);
  const list = (id: string, query = '', auth = admin) => t.http().get(`/v1/admin/channels/${id}/messages${query}`).set(auth);

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    admin = { authorization: `Bearer ${tenant.adminKey}` };
    hotel = await createProperty(t, tenant.adminKey);
    const created = await t
      .http()
      .post('/v1/admin/channels')
      .set(admin)
      .send({ name: 'SiteMinder', property_ids: [hotel.id] });
    expect(created.status).toBe(201);
    channel = { id: created.body.data.channel.id, secret: created.body.data.credential.secret };
  });
  afterAll(() => t.close());

  it('lists a message in with its outcome, counts and the RS as sent; the excerpt masks passwords and never holds the credential', async () => {
    const body = stopSell(hotel.slug, 'ok-1', { password: 'pos-s3cret' });
    const sent = await send('OTA_HotelAvailNotifRQ', body);
    expect(sent.status).toBe(200);
    expect(sent.text).toContain('<Success/>');

    const res = await list(channel.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      items: [
        {
          id: expect.any(String),
          channel_id: channel.id,
          message: 'OTA_HotelAvailNotifRQ',
          echo_token: 'ok-1',
          received_at: expect.any(String),
          outcome: 'success',
          dates_applied: 2,
          warnings: 0,
          errors: 0,
          answer: sent.text,
          answer_truncated: false,
          request_excerpt: expect.stringContaining('MessagePassword="***"'),
          request_bytes: Buffer.byteLength(body),
        },
      ],
      next_cursor: null,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('pos-s3cret');
    expect(text).not.toContain(channel.secret);
  });

  it('records an RS with Errors, an unreadable document and a replay; newest first, page by page', async () => {
    const bad = await send('OTA_HotelAvailNotifRQ', stopSell(hotel.slug, 'bad-1', { badRange: true }));
    expect(bad.text).toContain('<Errors>');
    const unreadable = await send('OTA_HotelInvCountNotifRQ', '<!DOCTYPE x [<!ENTITY a "b">]><x/>');
    expect(unreadable.text).toContain('<Errors>');
    const replay = await send('OTA_HotelAvailNotifRQ', stopSell(hotel.slug, 'ok-1', { password: 'pos-s3cret' }));
    expect(replay.status).toBe(200);

    const all = (await list(channel.id)).body.data.items as Array<Record<string, unknown>>;
    expect(all.map((m) => [m.message, m.echo_token, m.outcome, m.errors])).toEqual([
      ['OTA_HotelAvailNotifRQ', 'ok-1', 'replay', 0],
      ['OTA_HotelInvCountNotifRQ', null, 'errors', 1],
      ['OTA_HotelAvailNotifRQ', 'bad-1', 'errors', 1],
      ['OTA_HotelAvailNotifRQ', 'ok-1', 'success', 0],
    ]);
    expect(all[2].answer).toBe(bad.text);
    expect(all[1].answer).toBe(unreadable.text);
    expect(all[0].answer).toBe(replay.text);

    const first = await list(channel.id, '?limit=3');
    expect(first.body.data.items).toHaveLength(3);
    const second = await list(channel.id, `?limit=3&cursor=${first.body.data.next_cursor}`);
    expect(second.body.data).toEqual({ items: [all[3]], next_cursor: null });
  });

  it('records nothing for a refused credential; another tenant sees channel_not_found; bad paging is validation_failed', async () => {
    const before = (await list(channel.id)).body.data.items.length;
    expect((await send('OTA_HotelAvailNotifRQ', stopSell(hotel.slug, 'x'), 'hcs_chn_wrong')).status).toBe(401);
    expect((await list(channel.id)).body.data.items).toHaveLength(before);

    const stranger = await createTenant(t.app);
    const foreign = await list(channel.id, '', { authorization: `Bearer ${stranger.adminKey}` });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('channel_not_found');

    const invalid = await list(channel.id, '?limit=0&cursor=nope');
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('validation_failed');
  });
});
