import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { loadConfig } from '@hcs/platform';
import { createWorkerApp } from '../../../apps/worker/src/bootstrap';
import { createTenant } from '../../support/factories';
import {
  bookStay,
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  daysFromToday,
  inventoryOf,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { eventually } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

describe('oversell incidents', () => {
  let t: TestApp;
  let worker: INestApplicationContext;
  let adminKey: string;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler = '';
  const env = { OVERSELL_SWEEP_INTERVAL_SECONDS: '1' };

  beforeAll(async () => {
    t = await startTestApp(env);
    worker = await createWorkerApp(loadConfig({ ...process.env, ...env }));
    const tenant = await createTenant(t.app);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-oversell');
    adminKey = tenant.adminKey;
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId, { defaultInventory: 2 });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const admin = () => ({ authorization: `Bearer ${adminKey}` });
  const setAllotment = (from: number, to: number, allotment: number | null) =>
    t
      .http()
      .put(`/v1/admin/room-types/${catalog.roomTypeId}/inventory`)
      .set(admin())
      .send({ from: daysFromToday(from), to: daysFromToday(to), allotment });
  const list = (query: Record<string, string | number> = {}) => t.http().get('/v1/admin/oversell-incidents').query(query).set(admin());
  const forNight = async (day: number) =>
    ((await list({ limit: 100 })).body.data.items as Array<Record<string, unknown>>).filter(
      (i) => i.room_type_id === catalog.roomTypeId && i.date === daysFromToday(day),
    );
  const db = () => t.app.get(DataSource);

  it('lowering below sold opens one incident per oversold night in the same transaction, with the bookings and an event', async () => {
    const a = await bookStay(t, agent, catalog, traveler, { start: 20, nights: 2, adults: 1 });
    const b = await bookStay(t, agent, catalog, traveler, { start: 21, nights: 1, adults: 1 });
    const res = await setAllotment(20, 22, 1);
    expect(res.status).toBe(200);
    const [night20] = await forNight(20);
    const [night21] = await forNight(21);
    expect(await forNight(22)).toEqual([]);
    expect(night21).toEqual({
      oversell_incident_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      state: 'open',
      property_id: catalog.propertyId,
      room_type_id: catalog.roomTypeId,
      date: daysFromToday(21),
      allotment: 1,
      held: 0,
      sold: 2,
      oversold_by: 1,
      booking_ids: [a.bookingId, b.bookingId],
      detected_by: 'inventory_change',
      opened_at: expect.any(String),
      resolved_at: null,
      resolution_note: null,
      resolved_by: null,
    });
    // Night 20 holds one booking on an allotment of 1: full, not oversold.
    expect(night20).toBeUndefined();
    const read = await t.http().get(`/v1/admin/oversell-incidents/${night21.oversell_incident_id}`).set(admin());
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(night21);
    const events = await db().query(`SELECT type, aggregate_type, payload FROM outbox_events WHERE aggregate_id = $1`, [night21.oversell_incident_id]);
    expect(events).toEqual([{ type: 'oversell.detected', aggregate_type: 'oversell_incident', payload: read.body.data }]);

    // Setting the same allotment again opens nothing new.
    await setAllotment(20, 22, 1);
    expect(await forNight(21)).toHaveLength(1);

    // No new hold on an oversold night.
    const q = await t
      .http()
      .post('/v1/quotes')
      .set('authorization', `Bearer ${agent.apiKey}`)
      .send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: daysFromToday(21), check_out: daysFromToday(22) },
        guests: { adults: 1 },
      });
    const hold = await t.http().post('/v1/holds').set('authorization', `Bearer ${agent.apiKey}`).send({ quote_id: q.body.data.quote_id });
    expect(hold.status).toBe(409);
    expect(hold.body.error.code).toBe('allotment_exhausted');
    expect(hold.body.error.detail.dates).toEqual([daysFromToday(21)]);

    // Raising the allotment again resolves it automatically.
    await setAllotment(21, 21, 2);
    const resolved = await t.http().get(`/v1/admin/oversell-incidents/${night21.oversell_incident_id}`).set(admin());
    expect(resolved.body.data).toMatchObject({ state: 'resolved', resolved_by: { kind: 'system', id: null }, resolved_at: expect.any(String) });
  });

  it('the database refuses any write that pushes held + sold above the allotment, but not a release on an oversold night', async () => {
    await bookStay(t, agent, catalog, traveler, { start: 30, nights: 1, adults: 1 });
    await setAllotment(30, 30, 0);
    const night = daysFromToday(30);
    await expect(db().query(`UPDATE inventory_nights SET held = held + 1 WHERE room_type_id = $1 AND night = $2`, [catalog.roomTypeId, night])).rejects.toThrow(
      /exceed the allotment/,
    );
    await db().query(`UPDATE inventory_nights SET sold = sold - 1 WHERE room_type_id = $1 AND night = $2`, [catalog.roomTypeId, night]);
    await db()
      .query(`UPDATE inventory_nights SET sold = sold + 1 WHERE room_type_id = $1 AND night = $2`, [catalog.roomTypeId, night])
      .catch(() => undefined);
    expect((await inventoryOf(t.app, catalog.roomTypeId)).find((r) => r.night === night)).toMatchObject({ allotment: 0, sold: 0 });
  });

  it('report: answers the open incident, opens one when confirmed, refuses a night that is not oversold', async () => {
    const a = await bookStay(t, agent, catalog, traveler, { start: 40, nights: 1, adults: 1 });
    const report = (body: Record<string, unknown>) => t.http().post('/v1/admin/oversell-incidents/report').set(admin()).send(body);
    const fine = await report({ room_type_id: catalog.roomTypeId, date: daysFromToday(40) });
    expect(fine.status).toBe(409);
    expect(fine.body.error.code).toBe('oversell_not_detected');
    expect(fine.body.error.detail).toEqual({ room_type_id: catalog.roomTypeId, date: daysFromToday(40), allotment: 2, held: 0, sold: 1 });
    const unknownRoom = await report({ room_type_id: '00000000-0000-4000-8000-000000000000', date: daysFromToday(40) });
    expect(unknownRoom.status).toBe(404);
    expect(unknownRoom.body.error.code).toBe('room_type_not_found');
    const bad = await report({ room_type_id: 'x', date: 'soon', extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.detail.field_errors.map((e: { path: string }) => e.path).sort()).toEqual(['date', 'extra', 'room_type_id']);

    await setAllotment(40, 40, 0);
    const [open] = await forNight(40);
    const again = await report({ room_type_id: catalog.roomTypeId, date: daysFromToday(40) });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(open);

    // An admin resolves it with a note; the sweep leaves the acknowledged night alone, a report opens a new one.
    const resolve = await t
      .http()
      .post(`/v1/admin/oversell-incidents/${open.oversell_incident_id}/resolve`)
      .set(admin())
      .send({ note: 'guest moved to a partner hotel' });
    expect(resolve.status).toBe(200);
    expect(resolve.body.data).toMatchObject({ state: 'resolved', resolution_note: 'guest moved to a partner hotel', resolved_by: { kind: 'admin' } });
    const twice = await t.http().post(`/v1/admin/oversell-incidents/${open.oversell_incident_id}/resolve`).set(admin()).send({ note: 'again' });
    expect(twice.body.data).toEqual(resolve.body.data);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await forNight(40)).map((i) => i.state)).toEqual(['resolved']);
    const reopened = await report({ room_type_id: catalog.roomTypeId, date: daysFromToday(40) });
    expect(reopened.status).toBe(201);
    expect(reopened.body.data).toMatchObject({ state: 'open', detected_by: 'report', booking_ids: [a.bookingId], sold: 1, allotment: 0 });
  });

  it('the worker sweep opens an incident for an oversold night that slipped past, and resolves it once the night fits again', async () => {
    await bookStay(t, agent, catalog, traveler, { start: 50, nights: 1, adults: 1 });
    const night = daysFromToday(50);
    // Written behind the admin route's back: only the sweep can notice.
    await db().query(`UPDATE inventory_nights SET allotment = 0 WHERE room_type_id = $1 AND night = $2`, [catalog.roomTypeId, night]);
    const [incident] = await eventually(
      () => forNight(50),
      (items) => items.length === 1,
      10000,
    );
    expect(incident).toMatchObject({ state: 'open', detected_by: 'sweep', allotment: 0, sold: 1 });
    await db().query(`UPDATE inventory_nights SET allotment = 1 WHERE room_type_id = $1 AND night = $2`, [catalog.roomTypeId, night]);
    const [resolved] = await eventually(
      () => forNight(50),
      (items) => items[0]?.state === 'resolved',
      10000,
    );
    expect(resolved).toMatchObject({ resolved_by: { kind: 'system', id: null } });
  });

  it('lists newest first, by state, cursor paged; unknown ids and other tenants are oversell_incident_not_found', async () => {
    const all = (await list({ limit: 100 })).body.data.items as Array<{ oversell_incident_id: string; state: string }>;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const pageOne = await list({ limit: 2 });
    expect(pageOne.body.data.items).toEqual(all.slice(0, 2));
    const pageTwo = await list({ limit: 2, cursor: pageOne.body.data.next_cursor });
    expect(pageTwo.body.data.items).toEqual(all.slice(2, 4));
    const open = await list({ state: 'open', limit: 100 });
    expect(open.body.data.items).toEqual(all.filter((i) => i.state === 'open'));
    const badQuery = await list({ state: 'closed', cursor: 'nope' });
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['state']);
    const badCursor = await list({ cursor: 'nope' });
    expect(badCursor.body.error.detail.field_errors).toEqual([{ path: 'cursor', message: expect.any(String) }]);

    const missing = await t.http().get('/v1/admin/oversell-incidents/00000000-0000-4000-8000-000000000000').set(admin());
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('oversell_incident_not_found');
    const other = await createTenant(t.app);
    const hidden = await t
      .http()
      .get(`/v1/admin/oversell-incidents/${all[0].oversell_incident_id}`)
      .set({ authorization: `Bearer ${other.adminKey}` });
    expect(hidden.status).toBe(404);
    const resolveHidden = await t
      .http()
      .post(`/v1/admin/oversell-incidents/${all[0].oversell_incident_id}/resolve`)
      .set({ authorization: `Bearer ${other.adminKey}` })
      .send({ note: 'x' });
    expect(resolveHidden.body.error.code).toBe('oversell_incident_not_found');
    const asAgent = await t.http().get('/v1/admin/oversell-incidents').set('authorization', `Bearer ${agent.apiKey}`);
    expect(asAgent.status).toBe(403);
    expect(asAgent.body.error.code).toBe('principal_kind_not_allowed');
  });
});
