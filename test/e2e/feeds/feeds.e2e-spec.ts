import { randomUUID } from 'node:crypto';
import { createAgent, createProperty, PropertyFixture, sql } from '../../support/catalog-fixtures';
import { ChainCatalog, createChainCatalog, setDailyRate } from '../../support/chain-fixtures';
import { elements, text, xsdErrors } from '../../support/feed-xml';
import { createTenant, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

const SITE_URL = 'https://hotels.example';

describe('Google feeds', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let promoted: PropertyFixture[];
  let hidden: PropertyFixture;

  beforeAll(async () => {
    t = await startTestApp({ SITE_URL });
    tenant = await createTenant(t.app);
    promoted = [
      await createProperty(t, tenant.adminKey, { name: 'Riverside & Sons <Lisbon>', city: 'Lisbon', region: 'Lisboa', country: 'PT' }),
      await createProperty(t, tenant.adminKey, { city: 'Porto', country: 'PT' }),
    ].sort((a, b) => a.id.localeCompare(b.id));
    hidden = await createProperty(t, tenant.adminKey, { city: 'Faro', promote: false });
  });
  afterAll(() => t.close());

  const get = (path: string, query: Record<string, unknown> = {}) => t.http().get(path).query(query).buffer(true);
  const hotelList = (tenantId = tenant.tenantId) => get('/feeds/google/hotel-list.xml', { tenant_id: tenantId });
  const ari = (tenantId: string, days?: number) => get('/feeds/google/ari.xml', { tenant_id: tenantId, ...(days ? { days } : {}) });

  describe('hotel-list.xml', () => {
    it('lists the promoted properties in id order with address and geo, valid against the XSD', async () => {
      const res = await hotelList();
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
      expect(Date.parse(res.headers['last-modified'])).toBeGreaterThan(Date.now() - 600_000);
      expect(res.headers['ratelimit-limit']).toBe(String(t.config.rateLimitAnonPerMinute));
      const xml = res.text;
      await expect(xsdErrors(xml, 'hotel-list')).resolves.toEqual([]);
      const listings = elements(xml, 'listing');
      expect(listings.map((l) => text(l, 'id'))).toEqual(promoted.map((p) => p.id));
      const lisbon = listings.find((l) => l.includes('Lisbon'))!;
      expect(lisbon).toContain('<name>Riverside &amp; Sons &lt;Lisbon&gt;</name>');
      expect(lisbon).toContain(
        '<address format="simple"><component name="addr1">1 Test Street</component><component name="city">Lisbon</component>' +
          '<component name="province">Lisboa</component><component name="postal_code">1000-001</component></address>' +
          '<country>PT</country><latitude>38.72</latitude><longitude>-9.14</longitude>',
      );
      expect(xml).not.toContain(hidden.id);
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><listings')).toBe(true);
    });

    it('answers an unknown tenant with an empty, valid list (no tenant enumeration)', async () => {
      const res = await hotelList(randomUUID());
      expect(res.status).toBe(200);
      expect(elements(res.text, 'listing')).toEqual([]);
      await expect(xsdErrors(res.text, 'hotel-list')).resolves.toEqual([]);
    });

    it('answers 304 without a body to a matching If-None-Match or If-Modified-Since, and changes the ETag on a change', async () => {
      const first = await hotelList();
      const byTag = await hotelList().set('if-none-match', first.headers.etag);
      expect(byTag.status).toBe(304);
      expect(byTag.text ?? '').toBe('');
      expect(byTag.headers.etag).toBe(first.headers.etag);
      expect(byTag.headers['last-modified']).toBe(first.headers['last-modified']);
      const byDate = await hotelList().set('if-modified-since', first.headers['last-modified']);
      expect(byDate.status).toBe(304);
      const older = await hotelList().set('if-modified-since', new Date(Date.parse(first.headers['last-modified']) - 1000).toUTCString());
      expect(older.status).toBe(200);

      await new Promise((r) => setTimeout(r, 1100));
      const renamed = await t
        .http()
        .patch(`/v1/admin/properties/${promoted[1].id}`)
        .set('authorization', `Bearer ${tenant.adminKey}`)
        .send({ name: 'Renamed Hotel' });
      expect(renamed.status).toBe(200);
      const after = await hotelList().set('if-none-match', first.headers.etag);
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(first.headers.etag);
      expect(Date.parse(after.headers['last-modified'])).toBeGreaterThan(Date.parse(first.headers['last-modified']));
      expect(after.text).toContain('<name>Renamed Hotel</name>');
    });
  });

  describe('ari.xml', () => {
    let chainTenant: TestTenant;
    let catalog: ChainCatalog;

    beforeAll(async () => {
      chainTenant = await createTenant(t.app);
      catalog = await createChainCatalog(t.app, chainTenant.tenantId);
      await createChainCatalog(t.app, chainTenant.tenantId, { timezone: 'Asia/Tokyo', currency: 'JPY', baseRate: 15000 });
    });

    it('has a Result per property and check-in date, valid against the XSD, with rooms and packages described', async () => {
      const res = await ari(chainTenant.tenantId, 5);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = res.text;
      await expect(xsdErrors(xml, 'transaction')).resolves.toEqual([]);
      expect(elements(xml, 'PropertyDataSet')).toHaveLength(2);
      expect(elements(xml, 'Result')).toHaveLength(2 * 5);
      expect(xml).toMatch(
        new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?><Transaction timestamp="[^"]+Z" id="[A-Za-z0-9_-]{32}" partner="${chainTenant.tenantId}">`),
      );
      const data = elements(xml, 'PropertyDataSet').find((d) => d.includes(catalog.propertyId))!;
      // The plan without a policy cannot be quoted, so it is not offered.
      expect(data).toBe(
        `<PropertyDataSet action="overlay"><Property>${catalog.propertyId}</Property>` +
          `<RoomData><RoomID>${catalog.roomTypeId}</RoomID><Name><Text text="Double" language="en"/></Name><Capacity>3</Capacity></RoomData>` +
          `<PackageData><PackageID>${catalog.freePlanId}</PackageID><Name><Text text="FLEX" language="en"/></Name><Occupancy>3</Occupancy>` +
          `<Refundable available="1" refundable_until_days="2" refundable_until_time="15:00:00"/></PackageData>` +
          `<PackageData><PackageID>${catalog.nonRefundablePlanId}</PackageID><Name><Text text="NONREF" language="en"/></Name><Occupancy>3</Occupancy>` +
          `<Refundable available="0"/></PackageData></PropertyDataSet>`,
      );
      expect(xml).not.toContain(catalog.noPolicyPlanId);
    });

    it('prices every bundle as POST /v1/quotes prices a one-night stay, in major units with the currency', async () => {
      const checkIns = elements((await ari(chainTenant.tenantId, 4)).text, 'Result')
        .filter((r) => r.includes(catalog.propertyId))
        .map((r) => text(r, 'Checkin')!);
      await setDailyRate(t.app, chainTenant.tenantId, catalog.freePlanId, checkIns[2], 12345);
      const xml = (await ari(chainTenant.tenantId, 4)).text;
      const results = elements(xml, 'Result').filter((r) => r.includes(catalog.propertyId));
      expect(results.map((r) => text(r, 'Checkin'))).toEqual(checkIns);
      const agent = await createAgent(t.app, chainTenant.tenantId);
      for (const result of results) {
        const checkIn = text(result, 'Checkin')!;
        const next = new Date(Date.parse(`${checkIn}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        for (const [planId, bundle] of [catalog.freePlanId, catalog.nonRefundablePlanId].map(
          (id) => [id, elements(result, 'RoomBundle').find((b) => b.includes(id))!] as const,
        )) {
          const quote = await t
            .http()
            .post('/v1/quotes')
            .set('authorization', `Bearer ${agent.apiKey}`)
            .send({
              hotel_id: catalog.propertyId,
              room_type_id: catalog.roomTypeId,
              rate_plan_id: planId,
              stay: { check_in: checkIn, check_out: next },
              guests: { adults: 2 },
            });
          expect(quote.status).toBe(201);
          const p = quote.body.data.price_breakdown;
          const major = (minor: number) => (minor / 100).toFixed(2);
          const taxes = p.taxes.reduce((s: number, x: { amount: { amount: number } }) => s + x.amount.amount, 0);
          const fees = p.fees.reduce((s: number, x: { amount: { amount: number } }) => s + x.amount.amount, 0);
          expect(bundle).toContain(
            `<Baserate currency="EUR">${major(p.subtotal.amount)}</Baserate><Tax currency="EUR">${major(taxes)}</Tax><OtherFees currency="EUR">${major(fees)}</OtherFees>`,
          );
        }
      }
      // Per-date rate on the third night: 123.45, taxes 12.35 (10%, rounded half up) + 3.09 (2.5%), cleaning fee 15.00.
      expect(results[2]).toContain(
        `<PackageID>${catalog.freePlanId}</PackageID><Baserate currency="EUR">123.45</Baserate><Tax currency="EUR">15.44</Tax><OtherFees currency="EUR">15.00</OtherFees>`,
      );
      // The cheapest bookable bundle is repeated at the Result level (the non-refundable plan at 100.00).
      expect(results[2]).toContain(
        `<Nights>1</Nights><Baserate currency="EUR">100.00</Baserate><Tax currency="EUR">12.50</Tax><OtherFees currency="EUR">15.00</OtherFees><RoomBundle>`,
      );
      // A zero-decimal currency has no decimals.
      expect(xml).toContain('<Baserate currency="JPY">15000</Baserate>');
    });

    it('counts rooms left as allotment − held − sold, never negative, and says NoVacancy when nothing is left', async () => {
      const checkIns = elements((await ari(chainTenant.tenantId, 3)).text, 'Result')
        .filter((r) => r.includes(catalog.propertyId))
        .map((r) => text(r, 'Checkin')!);
      await sql(t).query(
        `INSERT INTO inventory_nights (tenant_id, room_type_id, night, allotment, held, sold) VALUES ($1, $2, $3, 5, 1, 2), ($1, $2, $4, 4, 1, 3)
         ON CONFLICT (tenant_id, room_type_id, night) DO UPDATE SET allotment = EXCLUDED.allotment, held = EXCLUDED.held, sold = EXCLUDED.sold`,
        [chainTenant.tenantId, catalog.roomTypeId, checkIns[0], checkIns[1]],
      );
      const results = elements((await ari(chainTenant.tenantId, 3)).text, 'Result').filter((r) => r.includes(catalog.propertyId));
      expect(elements(results[0], 'RoomBundle').map((b) => text(b, 'InventoryCount'))).toEqual(['2', '2']);
      expect(results[1]).toBe(
        `<Result><Property>${catalog.propertyId}</Property><Checkin>${checkIns[1]}</Checkin><Nights>1</Nights><Unavailable><NoVacancy/></Unavailable></Result>`,
      );
      expect(elements(results[2], 'RoomBundle').map((b) => text(b, 'InventoryCount'))).toEqual(['5', '5']);
    });

    it('answers 304 on the validators, and a new ETag after rates or inventory change', async () => {
      const first = await ari(chainTenant.tenantId, 3);
      expect((await ari(chainTenant.tenantId, 3).set('if-none-match', first.headers.etag)).status).toBe(304);
      expect((await ari(chainTenant.tenantId, 3).set('if-modified-since', first.headers['last-modified'])).status).toBe(304);
      // The window is part of the tag: another `days` is another document.
      expect((await ari(chainTenant.tenantId, 4).set('if-none-match', first.headers.etag)).status).toBe(200);

      const roomTypeStamp = () => sql(t).query(`SELECT updated_at FROM room_types WHERE id = $1`, [catalog.roomTypeId]);
      const roomTypeBefore = await roomTypeStamp();
      await sql(t).query(`UPDATE inventory_nights SET held = held + 1 WHERE room_type_id = $1 AND allotment - held - sold >= 1`, [catalog.roomTypeId]);
      const afterHold = await ari(chainTenant.tenantId, 3).set('if-none-match', first.headers.etag);
      expect(afterHold.status).toBe(200);
      // The nights stamp themselves: concurrent writers of one room type's nights never queue on its row.
      expect(await roomTypeStamp()).toEqual(roomTypeBefore);
      await setDailyRate(t.app, chainTenant.tenantId, catalog.nonRefundablePlanId, text(elements(afterHold.text, 'Result')[0], 'Checkin')!, 9999);
      const afterRate = await ari(chainTenant.tenantId, 3).set('if-none-match', afterHold.headers.etag);
      expect(afterRate.status).toBe(200);
      expect(afterRate.headers.etag).not.toBe(afterHold.headers.etag);
    });

    it('answers an unknown tenant with an empty, valid Transaction', async () => {
      const res = await ari(randomUUID());
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><Transaction timestamp="[^"]+" id="[^"]+" partner="[^"]+"><\/Transaction>$/);
      await expect(xsdErrors(res.text, 'transaction')).resolves.toEqual([]);
    });

    it('defaults to 30 days', async () => {
      const res = await ari(chainTenant.tenantId);
      expect(elements(res.text, 'Result')).toHaveLength(2 * 30);
    });
  });

  describe('pointofsale.xml', () => {
    it("is Google's PointsOfSale file with a URL template on SITE_URL, valid against the XSD", async () => {
      const res = await get('/feeds/google/pointofsale.xml');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      await expect(xsdErrors(res.text, 'pointofsale')).resolves.toEqual([]);
      expect(res.text).toBe(
        '<?xml version="1.0" encoding="UTF-8"?><PointsOfSale><PointOfSale id="website">' +
          '<DisplayNames display_text="hospitality-commerce-service" display_language="en"/><Match status="yes"/>' +
          `<URL>${SITE_URL}/hotels/(PARTNER-HOTEL-ID)?check_in=(CHECKINYEAR)-(CHECKINMONTH)-(CHECKINDAY)&amp;nights=(LENGTH)&amp;adults=(NUM-ADULTS)` +
          '&amp;currency=(USER-CURRENCY)&amp;lang=(USER-LANGUAGE)&amp;country=(USER-COUNTRY)</URL></PointOfSale></PointsOfSale>',
      );
      expect((await get('/feeds/google/pointofsale.xml').set('if-none-match', res.headers.etag)).status).toBe(304);
    });
  });

  describe('bad queries', () => {
    it.each([
      ['/feeds/google/hotel-list.xml', {}, ['tenant_id']],
      ['/feeds/google/hotel-list.xml', { tenant_id: 'tenant-1' }, ['tenant_id']],
      ['/feeds/google/hotel-list.xml', { tenant_id: randomUUID(), page: '2' }, ['page']],
      ['/feeds/google/ari.xml', { days: '0' }, ['tenant_id', 'days']],
      ['/feeds/google/ari.xml', { tenant_id: randomUUID(), days: '91' }, ['days']],
      ['/feeds/google/ari.xml', { tenant_id: randomUUID(), days: 'many' }, ['days']],
      ['/feeds/google/ari.xml', { tenant_id: randomUUID(), days: '1.5' }, ['days']],
      ['/feeds/google/pointofsale.xml', { tenant_id: randomUUID() }, ['tenant_id']],
    ])('%s %j → validation_failed on %j', async (path, query, paths) => {
      const res = await get(path, query);
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body.error.code).toBe('validation_failed');
      expect([...new Set(res.body.error.detail.field_errors.map((e: { path: string }) => e.path))].sort()).toEqual([...paths].sort());
    });
  });
});
