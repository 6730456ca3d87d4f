import { randomUUID } from 'node:crypto';
import { FakeOutbox, fakeContext, TENANT } from '../../testing/fake-chain-ports';
import { DomainError } from '../../errors/domain-error';
import { ListOversellIncidents } from './list-oversell-incidents.use-case';
import { OversellReconciler } from '../services/oversell-reconciler';
import { NewOversellIncident, OversellIncidentRepository } from '../ports/oversell.repository';
import type { NightCounts, OversellIncidentRecord, OversellIncidentState } from '../oversell.types';
import { oversellIncidentView } from '../oversell.views';
import { ReportOversell } from './report-oversell.use-case';
import { ResolveOversellIncident } from './resolve-oversell-incident.use-case';
import { SweepOversell } from './sweep-oversell.use-case';
import type { Caller } from '../../identity/principal';

const admin = (principalId = 'admin-1', tenantId = TENANT): Caller => ({ tenantId, principalId, kind: 'admin' });

jest.mock('@nestjs-cls/transactional', () => ({ ...jest.requireActual('@nestjs-cls/transactional'), Transactional: () => () => undefined }));

const ROOM = '55555555-5555-4555-8555-555555555555';

/** Counters per night and incidents in memory, with the repository's rules (one open incident per night). */
class FakeIncidents extends OversellIncidentRepository {
  counts = new Map<string, NightCounts>();
  rows: OversellIncidentRecord[] = [];
  bookings: Array<{ id: string; units: number }> = [
    { id: 'b-1', units: 1 },
    { id: 'b-2', units: 1 },
  ];
  private clock = Date.parse('2027-01-01T00:00:00Z');

  setNight(night: string, allotment: number, held: number, sold: number) {
    this.counts.set(night, { night, allotment, held, sold });
  }
  async oversoldNights(tenantId: string, roomTypeId: string) {
    return tenantId === TENANT && roomTypeId === ROOM
      ? [...this.counts.values()].filter((n) => n.held + n.sold > n.allotment).sort((a, b) => a.night.localeCompare(b.night))
      : [];
  }
  async nightCounts(tenantId: string, roomTypeId: string, night: string) {
    if (tenantId !== TENANT || roomTypeId !== ROOM) return null;
    return this.counts.get(night) ?? { night, allotment: 2, held: 0, sold: 0 };
  }
  async bookingsOnNight() {
    return this.bookings;
  }
  async open(input: NewOversellIncident) {
    if (await this.findOpen(input.tenantId, input.roomTypeId, input.counts.night)) return null;
    const row: OversellIncidentRecord = {
      id: randomUUID(),
      tenantId: input.tenantId,
      propertyId: 'p',
      roomTypeId: input.roomTypeId,
      night: input.counts.night,
      state: 'open',
      allotment: input.counts.allotment,
      held: input.counts.held,
      sold: input.counts.sold,
      bookingIds: input.bookingIds,
      bookingUnits: input.bookingUnits,
      detectedBy: input.detectedBy,
      openedAt: new Date((this.clock += 1000)),
      resolvedAt: null,
      resolutionNote: null,
      resolvedBy: null,
    };
    this.rows.push(row);
    return row;
  }
  async findOpen(tenantId: string, roomTypeId: string, night: string) {
    return this.rows.find((r) => r.tenantId === tenantId && r.roomTypeId === roomTypeId && r.night === night && r.state === 'open') ?? null;
  }
  async lastResolvedByAdmin(tenantId: string, roomTypeId: string, night: string) {
    return this.rows.filter((r) => r.tenantId === tenantId && r.night === night && r.resolvedBy?.kind === 'admin').at(-1) ?? null;
  }
  async resolveRestored(tenantId: string) {
    const fixed = this.rows.filter(
      (r) => r.tenantId === tenantId && r.state === 'open' && !((n) => n && n.held + n.sold > n.allotment)(this.counts.get(r.night)),
    );
    fixed.forEach((r) => Object.assign(r, { state: 'resolved', resolvedAt: new Date(), resolvedBy: { kind: 'system', id: null } }));
    return fixed;
  }
  async resolveByAdmin(tenantId: string, id: string, adminId: string, note: string) {
    const r = this.rows.find((x) => x.tenantId === tenantId && x.id === id && x.state === 'open');
    if (!r) return null;
    Object.assign(r, { state: 'resolved', resolvedAt: new Date(), resolvedBy: { kind: 'admin', id: adminId }, resolutionNote: note });
    return r;
  }
  async findById(tenantId: string, id: string) {
    return this.rows.find((r) => r.tenantId === tenantId && r.id === id) ?? null;
  }
  async list(tenantId: string, query: { state: OversellIncidentState | null; after: { openedAt: string; id: string } | null; limit: number }) {
    return this.rows
      .filter((r) => r.tenantId === tenantId && (!query.state || r.state === query.state))
      .sort((a, b) => b.openedAt.getTime() - a.openedAt.getTime())
      .filter((r) => !query.after || r.openedAt.getTime() < Date.parse(query.after.openedAt))
      .slice(0, query.limit);
  }
  async listToReconcile() {
    return [{ tenantId: TENANT, roomTypeId: ROOM }];
  }
}

function setup() {
  const incidents = new FakeIncidents();
  const outbox = new FakeOutbox();
  const reconciler = new OversellReconciler(incidents, outbox, fakeContext());
  return {
    incidents,
    outbox,
    reconciler,
    report: new ReportOversell(incidents, reconciler),
    resolve: new ResolveOversellIncident(incidents),
    sweep: new SweepOversell(incidents, reconciler),
    list: new ListOversellIncidents(incidents),
  };
}

const failure = async (p: Promise<unknown>) => {
  const e = await p.catch((error: unknown) => error);
  expect(e).toBeInstanceOf(DomainError);
  return e as DomainError;
};

describe('oversell use cases', () => {
  it('the reconciler opens one incident per oversold night with its bookings and an event, and resolves fixed nights', async () => {
    const { incidents, outbox, reconciler } = setup();
    incidents.setNight('2027-05-10', 1, 0, 2);
    incidents.setNight('2027-05-11', 1, 1, 1);
    incidents.setNight('2027-05-12', 2, 0, 2);
    const first = await reconciler.reconcile(TENANT, ROOM, 'inventory_change');
    expect(first.opened.map((i) => [i.night, i.detectedBy, i.bookingIds])).toEqual([
      ['2027-05-10', 'inventory_change', ['b-1', 'b-2']],
      ['2027-05-11', 'inventory_change', ['b-1', 'b-2']],
    ]);
    expect(outbox.events.map((e) => [e.type, e.aggregateType, e.payload])).toEqual(
      first.opened.map((i) => ['oversell.detected', 'oversell_incident', oversellIncidentView(i)]),
    );
    const again = await reconciler.reconcile(TENANT, ROOM, 'sweep');
    expect(again.opened).toEqual([]);
    incidents.setNight('2027-05-10', 2, 0, 2);
    const fixed = await reconciler.reconcile(TENANT, ROOM, 'sweep');
    expect(fixed.resolved.map((i) => [i.night, i.resolvedBy])).toEqual([['2027-05-10', { kind: 'system', id: null }]]);
  });

  it('an incident names the rooms each booking holds on the night once one holds several (booking_units); one-room bookings answer as before', async () => {
    const { incidents, reconciler } = setup();
    incidents.setNight('2027-05-10', 1, 0, 2);
    const [plain] = (await reconciler.reconcile(TENANT, ROOM, 'sweep')).opened;
    expect(oversellIncidentView(plain)).not.toHaveProperty('booking_units');
    incidents.bookings = [
      { id: 'b-1', units: 3 },
      { id: 'b-2', units: 1 },
    ];
    incidents.setNight('2027-05-11', 2, 0, 4);
    const [rooms] = (await reconciler.reconcile(TENANT, ROOM, 'sweep')).opened;
    expect(rooms.bookingUnits).toEqual([3, 1]);
    expect(oversellIncidentView(rooms)).toHaveProperty('booking_units', [
      { booking_id: 'b-1', units: 3 },
      { booking_id: 'b-2', units: 1 },
    ]);
  });

  it('report: oversell_not_detected, room_type_not_found, the open incident (200) or a new one (201)', async () => {
    const { incidents, report, outbox } = setup();
    const fine = await failure(report.execute({ roomTypeId: ROOM, date: '2027-05-10' }, admin()));
    expect([fine.code, fine.detail]).toEqual(['oversell_not_detected', { room_type_id: ROOM, date: '2027-05-10', allotment: 2, held: 0, sold: 0 }]);
    expect((await failure(report.execute({ roomTypeId: randomUUID(), date: '2027-05-10' }, admin()))).code).toBe('room_type_not_found');
    incidents.setNight('2027-05-10', 0, 0, 1);
    const opened = await report.execute({ roomTypeId: ROOM, date: '2027-05-10' }, admin());
    expect(opened.meta.status).toBe(201);
    expect(opened.data).toMatchObject({ state: 'open', detected_by: 'report', oversold_by: 1 });
    const same = await report.execute({ roomTypeId: ROOM, date: '2027-05-10' }, admin());
    expect([same.meta.status, same.data]).toEqual([200, opened.data]);
    expect(outbox.events).toHaveLength(1);
  });

  it('resolve: by an admin with a note, unchanged once resolved, oversell_incident_not_found otherwise; the sweep respects it', async () => {
    const { incidents, resolve, sweep } = setup();
    incidents.setNight('2027-05-10', 0, 0, 1);
    await sweep.sweep();
    const [incident] = incidents.rows;
    expect(incident.detectedBy).toBe('sweep');
    const done = await resolve.execute({ id: incident.id, note: 'walked to a partner hotel' }, admin('admin-1'));
    expect(done.data).toMatchObject({ state: 'resolved', resolution_note: 'walked to a partner hotel', resolved_by: { kind: 'admin', id: 'admin-1' } });
    expect((await resolve.execute({ id: incident.id, note: 'again' }, admin('admin-2'))).data).toEqual(done.data);
    expect((await failure(resolve.execute({ id: randomUUID(), note: 'x' }, admin('admin-1')))).code).toBe('oversell_incident_not_found');
    expect((await failure(resolve.execute({ id: incident.id, note: 'x' }, admin('admin-1', '99999999-9999-4999-8999-999999999999')))).code).toBe(
      'oversell_incident_not_found',
    );
    // Acknowledged by the admin: the sweep does not reopen it, until the overshoot grows.
    expect(await sweep.sweep()).toEqual({ opened: 0, resolved: 0 });
    incidents.setNight('2027-05-10', 0, 1, 1);
    expect(await sweep.sweep()).toEqual({ opened: 1, resolved: 0 });
  });

  it('lists newest first with an opaque cursor', async () => {
    const { incidents, reconciler, list } = setup();
    for (const d of ['10', '11', '12']) incidents.setNight(`2027-05-${d}`, 0, 0, 1);
    await reconciler.reconcile(TENANT, ROOM, 'inventory_change');
    const one = await list.execute({ state: 'open', limit: 2, cursor: null }, admin());
    expect(one.data.items.map((i) => i.date)).toEqual(['2027-05-12', '2027-05-11']);
    const two = await list.execute({ state: 'open', limit: 2, cursor: one.data.next_cursor }, admin());
    expect([two.data.items.map((i) => i.date), two.data.next_cursor]).toEqual([['2027-05-10'], null]);
    expect((await failure(list.execute({ state: null, limit: 2, cursor: 'garbage' }, admin()))).code).toBe('validation_failed');
  });
});
