import type { BookingRecord } from '../chain.types';
import type { Caller } from '../../identity/principal';
import { BookingRepository, type BookingSearchFilter } from '../ports/booking.repository';
import { decodeBookingCursor, encodeBookingCursor, ListBookings } from './list-bookings.use-case';

function booking(id: string, createdAt: string): BookingRecord {
  return {
    id,
    tenantId: 't1',
    agentId: 'a1',
    quoteId: 'q',
    holdId: 'h',
    propertyId: 'p',
    roomTypeId: 'r',
    ratePlanId: 'rp',
    stay: { check_in: '2027-05-01', check_out: '2027-05-03' },
    guests: { adults: 2 },
    guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+1' } },
    priceBreakdown: { total: { amount: 100, currency: 'EUR' } },
    policySnapshot: {},
    traveler: { iss: 'iss', sub: 'sub' },
    idempotencyKey: 'k',
    state: 'confirmed',
    confirmationReceipt: {},
    cancellation: null,
    cancellationReceipt: null,
    createdAt: new Date(createdAt),
  } as unknown as BookingRecord;
}

/** A fake repository: keeps the filter it was asked with and answers the given rows. */
class FakeBookings extends BookingRepository {
  calls: Array<{ tenantId: string; filter: BookingSearchFilter; limit: number }> = [];
  constructor(private readonly rows: BookingRecord[]) {
    super();
  }
  async search(tenantId: string, filter: BookingSearchFilter, limit: number) {
    this.calls.push({ tenantId, filter, limit });
    return this.rows.slice(0, limit);
  }
  create = () => Promise.reject(new Error('unused'));
  findById = () => Promise.reject(new Error('unused'));
  findByHold = () => Promise.reject(new Error('unused'));
  cancel = () => Promise.reject(new Error('unused'));
  cancelRooms = () => Promise.reject(new Error('unused'));
  modify = () => Promise.reject(new Error('unused'));
}

const admin: Caller = { tenantId: 't1', principalId: 'adm', kind: 'admin', bookingLimit: null };
const agent: Caller = { ...admin, principalId: 'a1', kind: 'agent' };

describe('ListBookings', () => {
  const rows = [
    booking('00000000-0000-4000-8000-000000000003', '2027-01-03T00:00:00.000Z'),
    booking('00000000-0000-4000-8000-000000000002', '2027-01-02T00:00:00.000Z'),
    booking('00000000-0000-4000-8000-000000000001', '2027-01-01T00:00:00.000Z'),
  ];

  it('asks one row more than the page to know whether another page follows, scoped to the tenant', async () => {
    const repo = new FakeBookings(rows);
    const out = await new ListBookings(repo).execute({ limit: 2, travelerSub: 'sub' }, admin);
    expect(repo.calls).toEqual([{ tenantId: 't1', filter: expect.objectContaining({ travelerSub: 'sub', after: null }), limit: 3 }]);
    expect(out.data.items.map((b) => b.booking_id)).toEqual([rows[0].id, rows[1].id]);
    expect(decodeBookingCursor(out.data.next_cursor as string)).toEqual({ createdAt: '2027-01-02T00:00:00.000Z', id: rows[1].id });
  });

  it('ends with a null cursor on the last page and passes the cursor position on', async () => {
    const repo = new FakeBookings(rows.slice(2));
    const out = await new ListBookings(repo).execute({ limit: 2, cursor: encodeBookingCursor(rows[1]) }, admin);
    expect(out.data.next_cursor).toBeNull();
    expect(repo.calls[0].filter.after).toEqual({ createdAt: '2027-01-02T00:00:00.000Z', id: rows[1].id });
  });

  it('refuses agents, reversed ranges and foreign cursors before reading anything', async () => {
    const repo = new FakeBookings(rows);
    await expect(new ListBookings(repo).execute({ limit: 2 }, agent)).rejects.toMatchObject({ code: 'resource_access_denied' });
    await expect(new ListBookings(repo).execute({ limit: 2, stayFrom: '2027-02-01', stayTo: '2027-01-01' }, admin)).rejects.toMatchObject({
      code: 'validation_failed',
      detail: { field_errors: [{ path: 'stay_to', message: 'must not be before stay_from' }] },
    });
    await expect(new ListBookings(repo).execute({ limit: 2, cursor: 'x' }, admin)).rejects.toMatchObject({ code: 'validation_failed' });
    expect(repo.calls).toEqual([]);
  });
});
