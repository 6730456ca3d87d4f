import { otaAmount, personName, resNotifBooking, resNotifMessage, resStatusOf } from './res-notif-message';

const eur = (amount: number) => ({ amount, currency: 'EUR' });

/** A two-room booking read with a tax added and paid online and a fee collected at the property. */
const booking = {
  booking_id: '7d1c0e6e-0000-4000-8000-000000000001',
  quote_id: 'q',
  hold_id: 'h',
  state: 'confirmed',
  stay: { check_in: '2027-03-01', check_out: '2027-03-03' },
  guests: { adults: 3, children: [{ age: 5 }] },
  guest: { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+441234567' } },
  price_breakdown: {
    currency: 'EUR',
    nights: [
      { date: '2027-03-01', amount: eur(22000) },
      { date: '2027-03-02', amount: eur(22000) },
    ],
    subtotal: eur(44000),
    taxes: [{ code: 'VAT', name: 'VAT', rate_bps: 1000, amount: eur(4400), included: false, payable: 'online' as const }],
    fees: [{ code: 'CITY', name: 'City tax', amount: eur(800), included: false, payable: 'at_property' as const }],
    total: eur(49200),
    rooms: [
      {
        room: 1,
        guests: { adults: 2, children: [] },
        nights: [
          { date: '2027-03-01', amount: eur(12000) },
          { date: '2027-03-02', amount: eur(12000) },
        ],
        subtotal: eur(24000),
      },
      {
        room: 2,
        guests: { adults: 1, children: [{ age: 5 }] },
        nights: [
          { date: '2027-03-01', amount: eur(10000) },
          { date: '2027-03-02', amount: eur(10000) },
        ],
        subtotal: eur(20000),
      },
    ],
    payable_online: eur(48400),
    payable_at_property: eur(800),
  },
  rooms: [
    { room: 1, guests: { adults: 2, children: [] }, state: 'confirmed' },
    { room: 2, guests: { adults: 1, children: [{ age: 5 }] }, state: 'confirmed', full_name: 'Charles Babbage' },
  ],
  property_confirmation_id: null,
  created_at: '2026-12-01T10:00:00.000Z',
};

const codes = { hotelCode: 'grand-hotel', roomTypeCode: 'DBL', ratePlanCode: 'BAR' };
const event = (type: string) => ({ id: '0e0f0000-0000-4000-8000-00000000000e', type, createdAt: new Date('2026-12-01T10:00:01.000Z') });

const GOLDEN =
  '<?xml version="1.0" encoding="UTF-8"?>' +
  '<OTA_HotelResNotifRQ xmlns="http://www.opentravel.org/OTA/2003/05" EchoToken="0e0f0000-0000-4000-8000-00000000000e" TimeStamp="2026-12-01T10:00:01.000Z" Version="1.0" ResStatus="Commit">' +
  '<HotelReservations><HotelReservation CreateDateTime="2026-12-01T10:00:00.000Z" LastModifyDateTime="2026-12-01T10:00:01.000Z">' +
  '<UniqueID Type="14" ID="7d1c0e6e-0000-4000-8000-000000000001"/>' +
  '<RoomStays>' +
  '<RoomStay><RoomTypes><RoomType RoomTypeCode="DBL"/></RoomTypes><RatePlans><RatePlan RatePlanCode="BAR"/></RatePlans>' +
  '<RoomRates><RoomRate RoomTypeCode="DBL" RatePlanCode="BAR" NumberOfUnits="1"><Rates>' +
  '<Rate EffectiveDate="2027-03-01" ExpireDate="2027-03-02" RateTimeUnit="Day" UnitMultiplier="1"><Base AmountBeforeTax="120.00" CurrencyCode="EUR"/></Rate>' +
  '<Rate EffectiveDate="2027-03-02" ExpireDate="2027-03-03" RateTimeUnit="Day" UnitMultiplier="1"><Base AmountBeforeTax="120.00" CurrencyCode="EUR"/></Rate>' +
  '</Rates></RoomRate></RoomRates>' +
  '<GuestCounts><GuestCount AgeQualifyingCode="10" Count="2"/></GuestCounts>' +
  '<TimeSpan Start="2027-03-01" End="2027-03-03"/><Total AmountBeforeTax="240.00" CurrencyCode="EUR"/>' +
  '<BasicPropertyInfo HotelCode="grand-hotel"/><ResGuestRPHs><ResGuestRPH RPH="1"/></ResGuestRPHs></RoomStay>' +
  '<RoomStay><RoomTypes><RoomType RoomTypeCode="DBL"/></RoomTypes><RatePlans><RatePlan RatePlanCode="BAR"/></RatePlans>' +
  '<RoomRates><RoomRate RoomTypeCode="DBL" RatePlanCode="BAR" NumberOfUnits="1"><Rates>' +
  '<Rate EffectiveDate="2027-03-01" ExpireDate="2027-03-02" RateTimeUnit="Day" UnitMultiplier="1"><Base AmountBeforeTax="100.00" CurrencyCode="EUR"/></Rate>' +
  '<Rate EffectiveDate="2027-03-02" ExpireDate="2027-03-03" RateTimeUnit="Day" UnitMultiplier="1"><Base AmountBeforeTax="100.00" CurrencyCode="EUR"/></Rate>' +
  '</Rates></RoomRate></RoomRates>' +
  '<GuestCounts><GuestCount AgeQualifyingCode="10" Count="1"/><GuestCount AgeQualifyingCode="8" Age="5" Count="1"/></GuestCounts>' +
  '<TimeSpan Start="2027-03-01" End="2027-03-03"/><Total AmountBeforeTax="200.00" CurrencyCode="EUR"/>' +
  '<BasicPropertyInfo HotelCode="grand-hotel"/><ResGuestRPHs><ResGuestRPH RPH="3"/></ResGuestRPHs></RoomStay>' +
  '</RoomStays>' +
  '<ResGuests>' +
  '<ResGuest ResGuestRPH="1" PrimaryIndicator="true"><Profiles><ProfileInfo><Profile ProfileType="1"><Customer>' +
  '<PersonName><GivenName>Ada</GivenName><Surname>Lovelace</Surname></PersonName><Telephone PhoneNumber="+441234567"/><Email>ada@example.com</Email>' +
  '</Customer></Profile></ProfileInfo></Profiles></ResGuest>' +
  '<ResGuest ResGuestRPH="3"><Profiles><ProfileInfo><Profile ProfileType="1"><Customer>' +
  '<PersonName><GivenName>Charles</GivenName><Surname>Babbage</Surname></PersonName>' +
  '</Customer></Profile></ProfileInfo></Profiles></ResGuest>' +
  '</ResGuests>' +
  '<ResGlobalInfo>' +
  '<Total AmountBeforeTax="448.00" AmountAfterTax="492.00" CurrencyCode="EUR">' +
  '<Taxes><Tax Code="VAT" Type="Exclusive" Amount="44.00" CurrencyCode="EUR"><TaxDescription Name="VAT"><Text>payable:online</Text></TaxDescription></Tax></Taxes>' +
  '<TPA_Extensions><Payable Online="484.00" AtProperty="8.00" CurrencyCode="EUR"/></TPA_Extensions>' +
  '</Total>' +
  '<Fees><Fee Code="CITY" Type="Exclusive" Amount="8.00" CurrencyCode="EUR"><Description Name="City tax"><Text>payable:at_property</Text></Description></Fee></Fees>' +
  '<HotelReservationIDs><HotelReservationID ResID_Type="14" ResID_Value="7d1c0e6e-0000-4000-8000-000000000001" ResID_Source="hcs"/></HotelReservationIDs>' +
  '</ResGlobalInfo>' +
  '</HotelReservation></HotelReservations></OTA_HotelResNotifRQ>';

describe('resNotifMessage (docs/channels-out.md "The message")', () => {
  it('writes the golden Commit of a two-room booking', () => {
    const read = resNotifBooking(booking);
    expect(read).not.toBeNull();
    expect(resNotifMessage(event('booking.confirmed'), read!, codes, 'hcs')).toBe(GOLDEN);
  });

  it('leaves a cancelled room out of a Modify, names every room in a Cancel, and carries the property confirmation', () => {
    const oneCancelled = { ...booking, rooms: [booking.rooms[0], { ...booking.rooms[1], state: 'cancelled' }], property_confirmation_id: 'PMS-9' };
    const modify = resNotifMessage(event('booking.room_cancelled'), resNotifBooking(oneCancelled)!, codes, 'hcs');
    expect(modify).toContain('ResStatus="Modify"');
    expect(modify.match(/<RoomStay>/g)).toHaveLength(1);
    expect(modify).toContain('<HotelReservationID ResID_Type="10" ResID_Value="PMS-9"/>');
    const cancel = resNotifMessage(event('booking.cancelled'), resNotifBooking({ ...oneCancelled, state: 'cancelled' })!, codes, 'hcs');
    expect(cancel).toContain('ResStatus="Cancel"');
    expect(cancel.match(/<RoomStay>/g)).toHaveLength(2);
  });

  it('writes a one-room booking from the top-level nights and escapes what guests typed', () => {
    const single = {
      ...booking,
      rooms: undefined,
      price_breakdown: { ...booking.price_breakdown, rooms: undefined },
      guest: { primary: { ...booking.guest.primary, full_name: 'Zoë <O"Brien> & Co' } },
    };
    const xml = resNotifMessage(event('booking.modified'), resNotifBooking(single)!, codes, 'hcs');
    expect(xml.match(/<RoomStay>/g)).toHaveLength(1);
    expect(xml).toContain('<Base AmountBeforeTax="220.00" CurrencyCode="EUR"/>');
    expect(xml).toContain('<GivenName>Zoë &lt;O"Brien&gt; &amp;</GivenName><Surname>Co</Surname>');
  });

  it('states payment terms only where the booking read carries them', () => {
    const withTerms = { ...booking, policy_snapshot: { payment_terms: { kind: 'deposit', deposit_pct: 30, balance_due_days: 14 } } };
    expect(resNotifMessage(event('booking.confirmed'), resNotifBooking(withTerms)!, codes, 'hcs')).toContain(
      '<PaymentTerms Kind="deposit" DepositPercent="30" BalanceDueDays="14"/>',
    );
    expect(GOLDEN).not.toContain('PaymentTerms');
  });

  it('maps events to ResStatus, amounts to the currency exponent and names to given names and surname', () => {
    expect(['booking.confirmed', 'booking.modified', 'booking.room_cancelled', 'booking.cancelled', 'refund.issued'].map(resStatusOf)).toEqual([
      'Commit',
      'Modify',
      'Modify',
      'Cancel',
      null,
    ]);
    expect([otaAmount(eur(5)), otaAmount({ amount: 18000, currency: 'JPY' }), otaAmount({ amount: 1234, currency: 'KWD' }), otaAmount(eur(-150))]).toEqual([
      '0.05',
      '18000',
      '1.234',
      '-1.50',
    ]);
    expect(personName('  Jean  Paul Sartre ')).toEqual({ given: 'Jean Paul', surname: 'Sartre' });
    expect(personName('Cher')).toEqual({ given: '', surname: 'Cher' });
  });

  it('does not read a payload that is not a booking', () => {
    expect(resNotifBooking({ refund_id: 'r' })).toBeNull();
  });
});
