import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { createTenant, TestTenant } from '../../support/factories';
import { ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, DELEGATION_HEADER, travelerDelegation } from '../../support/chain-fixtures';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * Security audit item 9 (docs/security.md "Calendar-impossible dates"): a date with the
 * YYYY-MM-DD shape but no day (`2027-02-30`, `2027-13-45`) is validation_failed on its path, with
 * the request's other failing paths, on every route that takes a date; never a database error.
 */
describe('calendar-impossible dates', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'traveler-dates');
  });
  afterAll(() => t.close());

  const asAgent = (req: request.Test) => req.set('authorization', `Bearer ${agent.apiKey}`);
  const asAdmin = (req: request.Test) => req.set('authorization', `Bearer ${tenant.adminKey}`);
  const refusedOn = async (req: request.Test, paths: string[]) => {
    const res = await req;
    expect({ status: res.status, code: res.body.error?.code }).toEqual({ status: 400, code: 'validation_failed' });
    const errors = res.body.error.detail.field_errors as Array<{ path: string; message: string }>;
    expect(errors.map((e) => e.path)).toEqual(paths);
    return errors;
  };

  it('quote: both stay dates, named with the other failing fields of the body', async () => {
    const errors = await refusedOn(
      asAgent(t.http().post('/v1/quotes')).send({
        hotel_id: catalog.propertyId,
        room_type_id: catalog.roomTypeId,
        rate_plan_id: catalog.freePlanId,
        stay: { check_in: '2027-02-30', check_out: '2027-13-45' },
        guests: { adults: 0 },
      }),
      ['guests.adults', 'stay.check_in', 'stay.check_out'],
    );
    expect(errors[1].message).toContain('real date');
  });

  it('search: the nested and the flat form', async () => {
    await refusedOn(asAgent(t.http().post('/v1/search')).send({ stay: { check_in: '2027-04-31', check_out: '2027-05-02' }, guests: { adults: 1 } }), [
      'stay.check_in',
    ]);
    await refusedOn(asAgent(t.http().post('/v1/search')).send({ check_in: '2027-02-30', check_out: '2027-13-45', guests: { adults: 1 } }), [
      'check_in',
      'check_out',
    ]);
  });

  it('modify: the new stay', async () => {
    await refusedOn(
      asAgent(t.http().post(`/v1/bookings/${randomUUID()}/modify`))
        .set(DELEGATION_HEADER, traveler)
        .send({ stay: { check_in: '2027-02-30', check_out: '2027-13-45' } }),
      ['stay.check_in', 'stay.check_out'],
    );
  });

  it('admin inventory and rates: read and write ranges', async () => {
    await refusedOn(asAdmin(t.http().get(`/v1/admin/room-types/${catalog.roomTypeId}/inventory`)).query({ from: '2027-02-30', to: '2027-13-45' }), [
      'from',
      'to',
    ]);
    await refusedOn(
      asAdmin(t.http().put(`/v1/admin/room-types/${catalog.roomTypeId}/inventory`)).send({ from: '2027-02-30', to: '2027-03-02', allotment: 1 }),
      ['from'],
    );
    await refusedOn(asAdmin(t.http().get(`/v1/admin/rate-plans/${catalog.freePlanId}/rates`)).query({ from: '2027-05-01', to: '2027-06-31' }), ['to']);
    await refusedOn(asAdmin(t.http().put(`/v1/admin/rate-plans/${catalog.freePlanId}/rates`)).send({ from: '2027-02-29', to: '2027-13-45', amount: -1 }), [
      'amount',
      'from',
      'to',
    ]);
    // A real leap day is a date.
    const leap = await asAdmin(t.http().get(`/v1/admin/room-types/${catalog.roomTypeId}/inventory`)).query({ from: '2028-02-28', to: '2028-03-01' });
    expect(leap.status).toBe(200);
  });

  it('admin booking list filters and the oversell report', async () => {
    await refusedOn(asAdmin(t.http().get('/v1/admin/bookings')).query({ stay_from: '2027-02-30', stay_to: '2027-13-45' }), ['stay_from', 'stay_to']);
    await refusedOn(asAdmin(t.http().post('/v1/admin/oversell-incidents/report')).send({ room_type_id: catalog.roomTypeId, date: '2027-02-30' }), ['date']);
  });
});
