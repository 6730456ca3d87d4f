import { activeRooms, cancelledAmount, guestRoomErrors, soldUnits } from './booking-rooms';

const primary = { full_name: 'Ada', email: 'ada@example.com', phone: '+44 20' };
const party = { adults: 1, children: [] };

describe('guestRoomErrors', () => {
  const quote = { rooms: [party, party, party] };

  it('accepts rooms 1..count, each once, and no names at all', () => {
    expect(
      guestRoomErrors(quote, {
        primary,
        rooms: [
          { room: 1, full_name: 'A' },
          { room: 3, full_name: 'C' },
        ],
      }),
    ).toEqual([]);
    expect(guestRoomErrors(quote, { primary })).toEqual([]);
    expect(guestRoomErrors({ rooms: null }, { primary })).toEqual([]);
  });

  it('names every bad entry by its path: out of range, twice, or a guests quote', () => {
    const errors = guestRoomErrors(quote, {
      primary,
      rooms: [
        { room: 0, full_name: 'x' },
        { room: 4, full_name: 'x' },
        { room: 2, full_name: 'x' },
        { room: 2, full_name: 'y' },
      ],
    });
    expect(errors.map((e) => e.path)).toEqual(['guest.rooms[0].room', 'guest.rooms[1].room', 'guest.rooms[3].room']);
    expect(guestRoomErrors({ rooms: null }, { primary, rooms: [{ room: 1, full_name: 'x' }] }).map((e) => e.path)).toEqual(['guest.rooms[0].room']);
  });
});

describe('soldUnits', () => {
  it('counts the confirmed rooms, and one for a guests booking', () => {
    const rooms = [
      { room: 1, guests: party, state: 'confirmed' as const },
      { room: 2, guests: party, state: 'cancelled' as const },
      { room: 3, guests: party, state: 'confirmed' as const },
    ];
    expect(soldUnits({ rooms })).toBe(2);
    expect(activeRooms({ rooms }).map((r) => r.room)).toEqual([1, 3]);
    expect(soldUnits({ rooms: null })).toBe(1);
  });
});

describe('cancelledAmount', () => {
  const eur = (amount: number) => ({ amount, currency: 'EUR' });
  const priced = (room: number, subtotal: number) => ({ room, guests: party, nights: [], subtotal: eur(subtotal) });
  const booking = {
    rooms: [1, 2, 3].map((room) => ({ room, guests: party, state: 'confirmed' as const })),
    priceBreakdown: {
      currency: 'EUR',
      nights: [],
      subtotal: eur(300),
      taxes: [],
      fees: [],
      total: eur(1000),
      payable_online: eur(1000),
      payable_at_property: eur(0),
      rooms: [priced(1, 100), priced(2, 100), priced(3, 100)],
    },
  };

  it("is the rooms' shares of the total, which add up to it", () => {
    expect(cancelledAmount(booking, [booking.rooms[0]])).toEqual(eur(334));
    expect(cancelledAmount(booking, booking.rooms.slice(1))).toEqual(eur(666));
    expect(cancelledAmount(booking, booking.rooms)).toEqual(eur(1000));
  });

  it('shares the total less what the hotel collects at the property (docs/catalog.md "Taxes and fees")', () => {
    const cityTax = { code: 'CITY', name: 'City tax', amount: eur(100), included: false, payable: 'at_property' as const };
    const withTax = { ...booking, priceBreakdown: { ...booking.priceBreakdown, taxes: [cityTax], payable_online: eur(900), payable_at_property: eur(100) } };
    expect(cancelledAmount(withTax, [withTax.rooms[0]])).toEqual(eur(300));
    expect(cancelledAmount(withTax, withTax.rooms)).toEqual(eur(900));
    expect(cancelledAmount({ rooms: null, priceBreakdown: withTax.priceBreakdown }, [])).toEqual(eur(900));
  });

  it('is the whole total for a guests booking', () => {
    expect(cancelledAmount({ rooms: null, priceBreakdown: booking.priceBreakdown }, [])).toEqual(eur(1000));
  });
});
