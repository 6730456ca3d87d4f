import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { INestApplicationContext } from '@nestjs/common';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { createProperty, daysFromNow } from '../../support/catalog-fixtures';
import { bookStay, createChainAgent, createChainCatalog, travelerDelegation } from '../../support/chain-fixtures';
import { launchChromium } from '../../support/chromium';
import { ensureConsoleBuilt } from '../../support/console-build';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

const ACK = `<OTA_HotelResNotifRS xmlns="http://www.opentravel.org/OTA/2003/05"><Success/><HotelReservations><HotelReservation><ResGlobalInfo><HotelReservationIDs><HotelReservationID ResID_Type="10" ResID_Value="PMS-CONSOLE"/></HotelReservationIDs></ResGlobalInfo></HotelReservation></HotelReservations></OTA_HotelResNotifRS>`;

/**
 * The console's Channels page: channels in with their credentials and messages (docs/channels.md),
 * connections out with their deliveries, answers and replay (docs/channels-out.md).
 */
describe('console: Channels page in headless Chromium', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  let worker: INestApplicationContext;
  let receiver: Server;
  let healthy = false;

  beforeAll(async () => {
    ensureConsoleBuilt();
    t = await startTestApp({});
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    worker = await createWorkerApp(loadConfig(process.env));
    receiver = createServer((req, res) => {
      req.resume();
      req.on('end', () => (healthy ? res.writeHead(200, { 'content-type': 'application/xml' }).end(ACK) : res.writeHead(503).end()));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await browser?.close();
    receiver?.closeAllConnections();
    await new Promise((r) => receiver?.close(r));
    await worker?.close();
    await t?.close();
  });

  it('lists the connection without its credential, shows a dead delivery with its answers, and replays it', async () => {
    const tenant = await createTenant(t.app);
    const admin = { authorization: `Bearer ${tenant.adminKey}` };
    const agent = await createChainAgent(t.app, tenant.tenantId);
    const catalog = await createChainCatalog(t.app, tenant.tenantId);
    const traveler = await travelerDelegation(t.app, tenant.tenantId, 'channels-console');
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cm`;
    const created = await t
      .http()
      .post('/v1/admin/channel-connections')
      .set(admin)
      .send({ property_id: catalog.propertyId, url, auth: { type: 'basic', username: 'console-user', password: 'console-password' } });
    expect(created.status).toBe(201);
    const connectionId = created.body.data.id as string;
    await bookStay(t, agent, catalog, traveler, { start: 12, nights: 1 });
    const deliveries = async () => (await t.http().get(`/v1/admin/channel-connections/${connectionId}/deliveries`).set(admin)).body.data.items;
    const dead = await eventually(deliveries, (items) => items.length === 1 && items[0].state === 'dead', 45_000, 200);
    expect(dead[0].state).toBe('dead');

    await page.goto(`${base}/console`);
    await page.fill('input[name="admin-key"]', tenant.adminKey);
    await page.click('button[type="submit"]');
    await page.click('nav >> text=Channels');
    const row = page.locator('[data-testid="channel-connection"]');
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain('basic (console-user)');
    expect(await page.content()).not.toContain('console-password');
    const deadCard = page.locator('[data-testid="channel-delivery"][data-state="dead"]');
    await deadCard.waitFor();
    expect(await deadCard.textContent()).toContain('HTTP 503 from the receiver');

    healthy = true;
    await deadCard.locator('button', { hasText: 'Replay' }).click();
    const done = await eventually(deliveries, (items) => items[0].state === 'succeeded', 45_000, 200);
    expect(done[0].acknowledged_id).toBe('PMS-CONSOLE');
    await page.reload();
    const acknowledged = page.locator('[data-testid="channel-delivery"][data-state="succeeded"]');
    await acknowledged.waitFor();
    expect(await acknowledged.textContent()).toContain('PMS-CONSOLE');
  });

  it('creates a channel showing its credential once, lists a message it sent with the RS, rotates and revokes it', async () => {
    const tenant = await createTenant(t.app);
    const hotel = await createProperty(t, tenant.adminKey, { name: 'Console Lodge' });
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    tab.on('dialog', (dialog) => void dialog.accept());
    await tab.goto(`${base}/console`);
    await tab.fill('input[name="admin-key"]', tenant.adminKey);
    await tab.click('button[type="submit"]');
    await tab.click('nav >> text=Channels');

    const form = tab.locator('[data-testid="channel-form"]');
    await form.locator('label', { hasText: 'Console Lodge' }).waitFor();
    await form.locator('input[name="channel_name"]').fill('Console CM');
    await form.locator('label', { hasText: 'Console Lodge' }).locator('input').check();
    await form.locator('button[type="submit"]').click();
    const secret = (await tab.locator('[data-testid="secret-value"]').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^hcs_chn_/);
    const row = tab.locator('[data-testid="channel"]', { hasText: 'Console CM' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Console Lodge');
    expect(await row.getAttribute('data-status')).toBe('active');
    const channelId = (await row.getAttribute('data-channel')) ?? '';

    // The channel sends a message with the credential it was shown; the console lists it with its RS.
    const [from, to] = [daysFromNow(30), daysFromNow(31)];
    const body = `<OTA_HotelAvailNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="console-1" TimeStamp="2030-01-01T00:00:00Z" Version="1.0"><AvailStatusMessages HotelCode="${hotel.slug}"><AvailStatusMessage><StatusApplicationControl Start="${from}" End="${to}" InvTypeCode="DBL" RatePlanCode="FLEX"/><RestrictionStatus Status="Close"/></AvailStatusMessage></AvailStatusMessages></OTA_HotelAvailNotifRQ>`;
    const sent = await t
      .http()
      .post('/ota/v1/OTA_HotelAvailNotifRQ')
      .set({ authorization: `Bearer ${secret}` })
      .set('content-type', 'application/xml')
      .send(body);
    expect(sent.text).toContain('<Success/>');
    await tab.click('[data-testid="reload-messages"]');
    const message = tab.locator('[data-testid="channel-message"][data-outcome="success"]');
    await message.waitFor();
    expect(await message.textContent()).toContain('console-1');
    expect(await message.textContent()).toContain('2 value(s) applied');
    await message.locator('[data-testid="message-answer"] summary').click();
    expect(await message.locator('[data-testid="message-answer"] pre').textContent()).toContain('<Success/>');

    // Shown once: after a reload the page holds no secret.
    await tab.reload();
    await row.waitFor();
    expect(await tab.content()).not.toContain(secret);

    await row.locator('button', { hasText: 'Rotate credential' }).click();
    const rotated = (await tab.locator('[data-testid="secret-value"]').textContent())?.trim() ?? '';
    expect(rotated).toMatch(/^hcs_chn_/);
    expect(rotated).not.toBe(secret);
    const again = () => t.http().post('/ota/v1/OTA_HotelAvailNotifRQ').set('content-type', 'application/xml').send(body.replace('console-1', 'console-2'));
    expect((await again().set({ authorization: `Bearer ${secret}` })).status).toBe(401);
    expect((await again().set({ authorization: `Bearer ${rotated}` })).status).toBe(200);

    await row.locator('button', { hasText: 'Revoke' }).click();
    await tab.locator(`[data-testid="channel"][data-channel="${channelId}"][data-status="disabled"]`).waitFor();
    expect((await again().set({ authorization: `Bearer ${rotated}` })).status).toBe(401);
  });
});
