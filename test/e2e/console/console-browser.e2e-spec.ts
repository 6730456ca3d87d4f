/// <reference lib="dom" />
// page.evaluate callbacks run in the browser.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import { bookStay, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, daysFromToday, travelerDelegation } from '../../support/chain-fixtures';
import { launchChromium } from '../../support/chromium';
import { ensureConsoleBuilt } from '../../support/console-build';
import { startTestApp, TestApp } from '../../support/test-app';
import { WebhookReceiver } from '../../support/webhook-receiver';

const ROOT = join(__dirname, '..', '..', '..');
const ARTIFACTS = join(ROOT, 'test', 'artifacts');
/** `HCS_DOCS_SCREENSHOTS=1` also refreshes the README's screenshots under docs/images/. */
const DOCS_IMAGES = process.env.HCS_DOCS_SCREENSHOTS === '1' ? join(ROOT, 'docs', 'images') : null;

async function shoot(page: Page, name: string, docsName?: string): Promise<void> {
  // The top bar is sticky: from the top, a full-page capture shows it once, above the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(ARTIFACTS, `${name}.png`), fullPage: true });
  if (DOCS_IMAGES && docsName) await page.screenshot({ path: join(DOCS_IMAGES, docsName), fullPage: true });
}

describe('admin console in headless Chromium', () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let page: Page;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let bookingId: string;
  let traveler: string;
  let worker: INestApplicationContext;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    if (DOCS_IMAGES) mkdirSync(DOCS_IMAGES, { recursive: true });
    ensureConsoleBuilt();
    t = await startTestApp({});
    await t.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    const tenant = await createTenant(t.app);
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { freeHours: 48, feePct: 50 });
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-browser');
    // The worker relays events and delivers webhooks (test env: retries after 1 s and 2 s, then dead).
    worker = await createWorkerApp(loadConfig(process.env));
    receiver = await new WebhookReceiver().start();
    const other = await travelerDelegation(t.app, tenant.tenantId, 'traveler-other');
    // Some nights sold for the heatmap to show, then the booking the scenarios follow.
    await bookStay(t, agent, catalog, other, { start: 4, nights: 3 });
    await bookStay(t, agent, catalog, other, { start: 5, nights: 2 });
    await bookStay(t, agent, catalog, other, { start: 5, nights: 1 });
    bookingId = (await bookStay(t, agent, catalog, traveler, { start: 10, nights: 2 })).bookingId;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await receiver?.close();
    await worker?.close();
    await t?.close();
  });

  it('signs in with a pasted admin key kept in sessionStorage, never in the URL', async () => {
    await page.goto(`${base}/console`);
    await page.fill('input[name="admin-key"]', 'hcs_adm_wrong');
    await page.click('button[type="submit"]');
    await page.waitForSelector('[data-testid="error"]');
    expect(await page.textContent('[data-testid="error"]')).toContain('trace_id');
    await page.fill('input[name="admin-key"]', adminKey);
    await page.click('button[type="submit"]');
    await page.waitForSelector('nav >> text=Bookings');
    expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([adminKey]);
    expect(await page.evaluate(() => localStorage.length + document.cookie.length)).toBe(0);
    expect(page.url()).not.toContain(adminKey);
    // Pages whose routes the API lacks are not offered.
    const nav = await page.locator('nav a').allTextContents();
    expect(nav).toEqual(expect.arrayContaining(['Bookings', 'Inventory', 'Agents', 'Delegation issuers']));
    await shoot(page, 'bookings-list');
  });

  it('shows the error envelope for a bad filter, then finds the booking and draws its timeline', async () => {
    await page.fill('input[name="agent_id"]', 'not-a-uuid');
    await page.click('form[data-testid="booking-filters"] button[type="submit"]');
    const error = page.locator('[data-testid="error"]');
    await error.waitFor();
    expect(await error.textContent()).toContain('validation_failed');
    expect(await page.locator('[data-testid="trace-id"]').textContent()).toMatch(/^[0-9a-f]{32}$/);
    await page.fill('input[name="agent_id"]', '');
    await page.fill('input[name="traveler_sub"]', 'traveler-browser');
    await page.click('form[data-testid="booking-filters"] button[type="submit"]');
    await page.waitForSelector(`[data-testid="bookings-table"] >> text=${bookingId.slice(0, 8)}`);
    expect(await page.locator('[data-testid="booking-link"]').count()).toBe(1);
    await page.click('[data-testid="booking-link"]');
    await page.waitForSelector('[data-testid="timeline"] li');
    expect(page.url()).toBe(`${base}/console/bookings/${bookingId}`);
    const types = await page.locator('[data-testid="timeline"] li strong').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['quote.created', 'hold.created', 'booking.confirmed']));
    expect(await page.textContent('[data-testid="booking-state"]')).toBe('confirmed');
    expect(await page.textContent('[data-testid="policy-snapshot"]')).toContain('free_cancellation');
    await shoot(page, 'booking-timeline', 'booking-timeline.png');
  });

  it('cancels the booking after the preview step', async () => {
    await page.click('[data-testid="cancel-start"]');
    const preview = page.locator('[data-testid="cancel-preview"]');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/fee|free until/i);
    await shoot(page, 'booking-cancel-preview');
    await page.click('[data-testid="cancel-confirm"]');
    await page.waitForFunction(() => document.querySelector('[data-testid="booking-state"]')?.textContent === 'cancelled');
    const types = await page.locator('[data-testid="timeline"] li strong').allTextContents();
    expect(types).toEqual(expect.arrayContaining(['booking.cancelled', 'refund.issued']));
    expect(await page.textContent('[data-testid="refund-remaining"]')).toMatch(/0\.00/);
    const api = await t.http().get(`/v1/bookings/${bookingId}`).set('authorization', `Bearer ${adminKey}`);
    expect(api.body.data.state).toBe('cancelled');
    await shoot(page, 'booking-cancelled');
  });

  it('changes an inventory range and the heatmap follows', async () => {
    await page.click('nav >> text=Inventory');
    await page.waitForSelector('[data-testid="heatmap"] .hm-cell');
    const night = daysFromToday(20);
    const cell = page.locator(`[data-testid="heatmap"] [data-night="${night}"]`);
    expect(await cell.getAttribute('data-allotment')).toBe('5');
    // Nights sold earlier show as taken.
    expect(await page.locator(`[data-testid="heatmap"] [data-night="${daysFromToday(5)}"] .hm-nums`).textContent()).toBe('5/0/3');
    await shoot(page, 'inventory-before');
    await page.fill('input[name="edit_from"]', daysFromToday(19));
    await page.fill('input[name="edit_to"]', daysFromToday(21));
    await page.fill('input[name="allotment"]', '2');
    await page.click('form[data-testid="inventory-form"] button[type="submit"]');
    await page.waitForFunction((n) => document.querySelector(`[data-testid="heatmap"] [data-night="${n}"]`)?.getAttribute('data-allotment') === '2', night);
    expect(await page.locator(`[data-testid="heatmap"] [data-night="${daysFromToday(22)}"]`).getAttribute('data-allotment')).toBe('5');
    await shoot(page, 'inventory-heatmap', 'inventory-heatmap.png');
    // Stay restrictions of the chosen plan: set on one date, shown in its cell.
    await page.fill('input[name="restrictions_from"]', daysFromToday(21));
    await page.fill('input[name="restrictions_to"]', daysFromToday(21));
    await page.fill('input[name="min_stay_arrival"]', '2');
    await page.selectOption('select[name="stop_sell"]', 'true');
    await page.click('form[data-testid="restrictions-form"] button[type="submit"]');
    await page.waitForSelector(`[data-testid="heatmap"] [data-night="${daysFromToday(21)}"] [data-restrictions="min 2 · stop"]`);
    expect(await page.locator(`[data-testid="heatmap"] [data-night="${daysFromToday(22)}"] .hm-restrictions`).count()).toBe(0);
    // Below what is sold: the API's answer is shown as it came.
    await page.fill('input[name="edit_from"]', daysFromToday(5));
    await page.fill('input[name="edit_to"]', daysFromToday(5));
    await page.fill('input[name="allotment"]', '1');
    await page.click('form[data-testid="inventory-form"] button[type="submit"]');
    await page.waitForSelector('form[data-testid="inventory-form"] [data-testid="error"], [data-night] [class*="hm-flag"]');
    await shoot(page, 'inventory-refused');
  });

  it('creates an agent, shows its secret once, rotates and revokes a credential', async () => {
    await page.click('nav >> text=Agents');
    await page.fill('input[name="agent_name"]', 'Console-made agent');
    await page.click('form[data-testid="agent-form"] button[type="submit"]');
    const secret = (await page.locator('[data-testid="secret-value"]').textContent())?.trim() as string;
    expect(secret).toMatch(/^hcs_agt_/);
    expect((await t.http().get(`/v1/properties/${catalog.propertyId}`).set('authorization', `Bearer ${secret}`)).status).toBe(200);
    await shoot(page, 'agents-secret-once');
    await page.click('text=I stored it');
    expect(await page.locator('[data-testid="secret-value"]').count()).toBe(0);
    await page.click('[data-testid="agents-table"] >> text=Console-made agent');
    await page.click('[data-testid="rotate-credential"]');
    const second = (await page.locator('[data-testid="secret-value"]').textContent())?.trim() as string;
    expect(second).not.toBe(secret);
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="credentials-table"] tbody tr').length === 2);
    // Revoke the first credential (the oldest row).
    await page.locator('[data-testid="credentials-table"] tbody tr[data-revoked="false"] >> text=Revoke').first().click();
    await page.waitForSelector('[data-testid="credentials-table"] tbody tr[data-revoked="true"]');
    const statuses = await Promise.all(
      [secret, second].map(async (key) => (await t.http().get(`/v1/properties/${catalog.propertyId}`).set('authorization', `Bearer ${key}`)).status),
    );
    expect(statuses.sort()).toEqual([200, 401]);
    await shoot(page, 'agent-credentials');
  });

  it('replays a dead webhook delivery once the receiver is fixed', async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    receiver.answer('/console-dead', { status: 500 });
    const created = await t
      .http()
      .post('/v1/admin/webhooks')
      .set(admin)
      .send({ url: receiver.url('/console-dead'), events: ['booking.confirmed'], description: 'console replay' });
    expect(created.status).toBe(201);
    const endpointId = created.body.data.id as string;
    await bookStay(t, agent, catalog, traveler, { start: 20, nights: 1 });
    const deliveries = async () => (await t.http().get(`/v1/admin/webhooks/${endpointId}/deliveries`).set(admin)).body.data.items as Array<{ state: string }>;
    const until = async (state: string) => {
      for (let i = 0; i < 150; i++) {
        if ((await deliveries()).some((d) => d.state === state)) return;
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no ${state} delivery within 30 s: ${JSON.stringify(await deliveries())}`);
    };
    await until('dead');
    receiver.answer('/console-dead', { status: 204 });

    await page.goto(`${base}/console/webhooks/${endpointId}`);
    const dead = page.locator('[data-testid="delivery"][data-state="dead"]');
    await dead.first().waitFor();
    await shoot(page, 'webhook-dead-letter');
    await dead.first().locator('[data-testid="replay"]').click();
    await until('succeeded');
    expect(receiver.at('/console-dead').filter((r) => r.headers['webhook-id']).length).toBeGreaterThanOrEqual(4);
    await page.reload();
    await page.locator('[data-testid="delivery"][data-state="succeeded"]').first().waitFor();
    await shoot(page, 'webhook-replayed');
  }, 60_000);

  it('badges an endpoint the service disabled after its failures spanned WEBHOOK_DISABLE_AFTER_HOURS', async () => {
    const admin = { authorization: `Bearer ${adminKey}` };
    receiver.answer('/console-failing', { status: 503 });
    const created = await t
      .http()
      .post('/v1/admin/webhooks')
      .set(admin)
      .send({ url: receiver.url('/console-failing'), events: ['booking.confirmed'], description: 'console auto-disable' });
    expect(created.status).toBe(201);
    const endpointId = created.body.data.id as string;
    // Its failing run began 73 h ago (docs/events.md "Endpoints per tenant and automatic disabling"): the next failure disables it.
    await t.app.get(DataSource).query(`UPDATE webhook_endpoints SET failing_since = now() - interval '73 hours' WHERE id = $1`, [endpointId]);
    await bookStay(t, agent, catalog, traveler, { start: 24, nights: 1 });
    for (let i = 0; i < 150; i++) {
      if ((await t.http().get(`/v1/admin/webhooks/${endpointId}`).set(admin)).body.data.status === 'disabled') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await page.goto(`${base}/console/webhooks`);
    const badge = page.locator('[data-testid="auto-disabled"]');
    await badge.first().waitFor();
    expect(await badge.first().textContent()).toMatch(/auto-disabled/);
    expect(await page.locator('text=every attempt failed for 72 h without a success').count()).toBeGreaterThan(0);
    await shoot(page, 'webhook-auto-disabled');
  }, 60_000);

  it('fits a phone screen', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await phone.goto(`${base}/console`);
      await phone.fill('input[name="admin-key"]', adminKey);
      await phone.click('button[type="submit"]');
      await phone.waitForSelector('.menu-toggle');
      await phone.goto(`${base}/console/bookings/${bookingId}`);
      await phone.waitForSelector('[data-testid="timeline"] li');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await phone.click('.menu-toggle');
      await phone.click('nav >> text=Inventory');
      await phone.waitForSelector('[data-testid="heatmap"] .hm-cell');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
      await shoot(phone, 'phone-inventory');
    } finally {
      await phone.close();
    }
  });
});
