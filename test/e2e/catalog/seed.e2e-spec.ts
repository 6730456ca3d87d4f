import type { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { plusDays } from '@hcs/domain';
import { loadConfig } from '@hcs/platform';
import { CliModule } from '../../../apps/cli/src/cli.module';
import { BenchSeed } from '../../../apps/cli/src/seed/bench-seed.service';
import { DemoSeed } from '../../../apps/cli/src/seed/demo-seed.service';
import { daysFromNow } from '../../support/catalog-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

describe('seeds', () => {
  let cli: INestApplicationContext;
  let t: TestApp;
  beforeAll(async () => {
    cli = await NestFactory.createApplicationContext(CliModule.forRoot(loadConfig(process.env)), { logger: false });
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
    await cli.close();
  });

  it('seeds the demo tenant idempotently, rotating its keys', async () => {
    const first = await cli.get(DemoSeed).run();
    const second = await cli.get(DemoSeed).run();
    expect(second.tenant_id).toBe(first.tenant_id);
    expect(second.properties).toEqual(first.properties);
    expect(second.agent.id).toBe(first.agent.id);
    expect(second.agent).toEqual({ id: second.agent.id, api_key: second.agent.api_key, client_id: second.agent.id, client_secret: second.agent.api_key });
    expect(second.delegation).toEqual({ issuer: 'urn:hcs:demo-issuer', audience: t.config.delegationAudience });
    const issuers = await t.http().get('/.well-known/delegation-issuers');
    expect(issuers.body.issuers).toEqual(expect.arrayContaining([expect.objectContaining({ iss: 'urn:hcs:demo-issuer', status: 'active' })]));
    expect(second.agent.api_key).not.toBe(first.agent.api_key);

    const revoked = await t.http().get('/v1/properties').set('authorization', `Bearer ${first.agent.api_key}`);
    expect(revoked.body.error.code).toBe('unauthenticated');
    const agent = { authorization: `Bearer ${second.agent.api_key}` };
    const list = await t.http().get('/v1/properties').set(agent);
    expect(list.body.data.items.map((p: { slug: string }) => p.slug).sort()).toEqual(second.properties.map((p) => p.slug).sort());
    const cities = new Set(list.body.data.items.map((p: { address: { city: string } }) => p.address.city));
    expect(cities.size).toBeGreaterThanOrEqual(2);
    for (const item of list.body.data.items) {
      expect(item.geo).not.toBeNull();
      const full = await t.http().get(`/v1/properties/${item.slug}/full`).set(agent);
      expect(full.body.data.taxes.length).toBeGreaterThan(0);
      for (const room of full.body.data.room_types) {
        expect(room.max_occupancy).toBeGreaterThanOrEqual(2);
        expect(room.rate_plans.map((p: { cancellation_kind: string }) => p.cancellation_kind).sort()).toEqual(['free_cancellation', 'non_refundable']);
      }
    }
    const admin = await t.http().get(`/v1/admin/properties/${second.properties[1].id}`).set('authorization', `Bearer ${second.admin_api_key}`);
    expect(admin.body.data.room_types.some((r: { default_inventory: number }) => r.default_inventory === 2)).toBe(true);
    const search = await t
      .http()
      .post('/v1/search')
      .set(agent)
      .send({ destination: { type: 'area', value: 'Lisbon' }, stay: { check_in: daysFromNow(14), check_out: daysFromNow(16) }, guests: { adults: 2 } });
    expect(search.body.data.results.length).toBeGreaterThanOrEqual(2);
    // Weekend minimum stay at the riverside hotel: a one-night stay arriving on a Friday is not offered, two nights are.
    const friday = [14, 15, 16, 17, 18, 19, 20].map(daysFromNow).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5)!;
    const riverside = second.properties.find((p) => p.slug === 'lisbon-riverside-hotel')!.id;
    const fridayStay = async (nights: number) => {
      const res = await t
        .http()
        .post('/v1/search')
        .set(agent)
        .send({ destination: { type: 'property', value: riverside }, stay: { check_in: friday, check_out: plusDays(friday, nights) }, guests: { adults: 2 } });
      return res.body.data.results.map((r: { hotel_id: string }) => r.hotel_id);
    };
    expect(await fridayStay(1)).toEqual([]);
    expect(await fridayStay(2)).toEqual([riverside]);
  });

  it('refuses to seed demo data in production', async () => {
    // The same seeder wired with a production configuration (a second Nest context would
    // re-register the process-wide transaction host).
    const seeder = cli.get(DemoSeed);
    const production = Object.assign(Object.create(DemoSeed.prototype) as object, seeder, {
      config: loadConfig({
        ...process.env,
        NODE_ENV: 'production',
        BASE_URL: 'https://api.hcs.example',
        DELEGATION_AUDIENCE: 'https://api.hcs.example',
        PAYMENTS_SANDBOX: 'true',
        WEBHOOK_ALLOW_PRIVATE: 'false',
        METRICS_TOKEN: 'test-only metrics token',
      }),
    }) as DemoSeed;
    await expect(production.run()).rejects.toThrow('NODE_ENV=production');
  });

  it('generates a bench catalog in bulk and reuses it', async () => {
    const created = await cli.get(BenchSeed).run(30);
    expect(created).toMatchObject({ properties: 30, created: true });
    const reused = await cli.get(BenchSeed).run(30);
    expect(reused).toMatchObject({ tenant_id: created.tenant_id, properties: 30, created: false });
    const agent = { authorization: `Bearer ${reused.agent_api_key}` };
    const page = await t.http().get('/v1/properties').query({ limit: 100 }).set(agent);
    expect(page.body.data.items).toHaveLength(30);
    const detail = await t.http().get(`/v1/properties/${page.body.data.items[0].id}`).set(agent);
    expect(detail.body.data.room_types.length).toBeGreaterThanOrEqual(2);
    expect(detail.body.data.room_types.length).toBeLessThanOrEqual(4);
    for (const room of detail.body.data.room_types) expect(room.rate_plans).toHaveLength(2);
    const everywhere = await t
      .http()
      .post('/v1/search')
      .set(agent)
      .send({ stay: { check_in: daysFromNow(14), check_out: daysFromNow(16) }, guests: { adults: 2 } });
    expect(everywhere.body.data.results.length).toBeGreaterThan(0);
  });
});
