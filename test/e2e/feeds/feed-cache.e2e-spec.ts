import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { FeedReader } from '@hcs/domain';
import { createChainCatalog, daysFromToday, setDailyRate, ChainCatalog } from '../../support/chain-fixtures';
import { createTenant, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

/** A raw GET (no client-side decompression), to see the bytes and headers as sent. */
function rawGet(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Feeds under repeated polling (docs/feeds.md, "Rendered copies"): the document of an ETag is
 * rendered once and kept in Redis for every api process; a poll without If-None-Match is served
 * from the copy until a change stamp moves the ETag; concurrent requests share one render.
 */
describe('rendered feed copies', () => {
  let a: TestApp;
  let b: TestApp;
  let tenant: TestTenant;
  let catalog: ChainCatalog;
  let renders: jest.SpyInstance[];

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp();
    await Promise.all([a.app.listen(0, '127.0.0.1'), b.app.listen(0, '127.0.0.1')]);
    tenant = await createTenant(a.app);
    catalog = await createChainCatalog(a.app, tenant.tenantId);
    await createChainCatalog(a.app, tenant.tenantId);
    // Every render reads the properties twice (room data, then nights): count reads per app.
    renders = [a, b].map((t) => jest.spyOn(t.app.get(FeedReader, { strict: false }), 'ariProperties'));
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });
  const reads = () => renders.reduce((n, spy) => n + spy.mock.calls.length, 0);
  const ari = (days: number) => `/feeds/google/ari.xml?tenant_id=${tenant.tenantId}&days=${days}`;

  it('serves a second request without If-None-Match from the copy, and renders again once a change moves the stamp', async () => {
    const before = reads();
    const first = await rawGet(a, ari(7), { 'accept-encoding': 'identity' });
    expect(first.status).toBe(200);
    expect(reads() - before).toBe(2);

    const second = await rawGet(a, ari(7), { 'accept-encoding': 'identity' });
    expect(second.status).toBe(200);
    expect(reads() - before).toBe(2);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['content-encoding']).toBeUndefined();
    expect(second.headers.vary).toBe('Accept-Encoding');
    expect(second.body.toString('utf8')).toBe(first.body.toString('utf8'));

    // Another process finds the same copy.
    const elsewhere = await rawGet(b, ari(7), { 'accept-encoding': 'identity' });
    expect(elsewhere.body.equals(first.body)).toBe(true);
    expect(reads() - before).toBe(2);

    await setDailyRate(a.app, tenant.tenantId, catalog.freePlanId, daysFromToday(2, catalog.timezone), 31_337);
    const changed = await rawGet(a, ari(7), { 'accept-encoding': 'identity' });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(reads() - before).toBe(4);
    expect(changed.body.toString('utf8')).toContain('313.37');
  });

  it('sends the copy gzip-compressed to a client that accepts gzip: the same document and validators', async () => {
    const plain = await rawGet(a, ari(5), { 'accept-encoding': 'identity' });
    const compressed = await rawGet(a, ari(5), { 'accept-encoding': 'gzip, deflate' });
    expect(compressed.status).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(Number(compressed.headers['content-length'])).toBe(compressed.body.length);
    expect([compressed.headers.etag, compressed.headers['last-modified']]).toEqual([plain.headers.etag, plain.headers['last-modified']]);
    expect(gunzipSync(compressed.body).equals(plain.body)).toBe(true);
    const notModified = await rawGet(a, ari(5), { 'accept-encoding': 'gzip', 'if-none-match': String(plain.headers.etag) });
    expect([notModified.status, notModified.body.length]).toEqual([304, 0]);
  });

  it('renders once for concurrent requests spread over two processes', async () => {
    await setDailyRate(a.app, tenant.tenantId, catalog.freePlanId, daysFromToday(3, catalog.timezone), 22_222);
    const before = reads();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => rawGet(i % 2 ? a : b, ari(30), { 'accept-encoding': 'identity' })));
    expect(answers.map((r) => r.status)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((r) => r.body.toString('utf8'))).size).toBe(1);
    expect(reads() - before).toBe(2);
  });

  it('keeps the hotel list the same way', async () => {
    const path = `/feeds/google/hotel-list.xml?tenant_id=${tenant.tenantId}`;
    const listings = jest.spyOn(a.app.get(FeedReader, { strict: false }), 'listings');
    const first = await rawGet(a, path);
    const second = await rawGet(a, path);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.equals(first.body)).toBe(true);
    expect(listings).toHaveBeenCalledTimes(1);
  });
});
