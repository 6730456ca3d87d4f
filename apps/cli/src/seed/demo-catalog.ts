import type { PolicyInput, PropertyInput, RatePlanInput, RoomTypeInput, StayRestrictions, Weekday } from '@hcs/domain';

export const DEMO_TENANT_NAME = 'Demo Hotels';
export const DEMO_ADMIN_NAME = 'Demo Hotels admin';
export const DEMO_AGENT_NAME = 'Demo Agent';

export interface DemoProperty {
  property: PropertyInput;
  policies: Record<string, PolicyInput>;
  rooms: Array<{ room: RoomTypeInput; plans: RatePlanInput[] }>;
  /** Stay restrictions set on every rate plan of the property for the next year, on these days of the week. */
  restrictions?: Array<{ days_of_week: Weekday[]; values: Partial<StayRestrictions> }>;
}

const POLICIES: Record<string, PolicyInput> = {
  flex: {
    cancellation_kind: 'free_cancellation',
    free_cancellation_hours_before_checkin: 48,
    cancellation_fee_pct_after_cutoff: 100,
    child_policy_text: 'Children under 4 stay free in existing beds.',
  },
  nonref: { cancellation_kind: 'non_refundable', child_policy_text: 'Children under 4 stay free in existing beds.' },
};

/**
 * Every demo room type sleeps 2+ adults and has a free-cancellation and a non-refundable plan;
 * `occupancy` prices the party on both (docs/catalog.md "Party pricing").
 */
function plans(currency: string, flexAmount: number, nonrefAmount: number, occupancy?: RatePlanInput['occupancy_pricing']): RatePlanInput[] {
  const party = occupancy ? { occupancy_pricing: occupancy } : {};
  return [
    {
      code: 'FLEX-BB',
      name: 'Flexible, breakfast included',
      base_rate: { amount: flexAmount, currency },
      meal_plan: 'breakfast',
      policy_code: 'flex',
      ...party,
    },
    {
      code: 'NR-RO',
      name: 'Non-refundable, room only',
      base_rate: { amount: nonrefAmount, currency },
      meal_plan: 'room_only',
      policy_code: 'nonref',
      ...party,
    },
  ];
}

/** The family room's party pricing: two adults in the rate, a third at 35.00, children by age. */
const FAMILY_PRICING: RatePlanInput['occupancy_pricing'] = {
  base_adults: 2,
  extra_adult: 3500,
  child_rates: [
    { max_age: 3, amount: 0 },
    { max_age: 11, amount: 1500 },
  ],
};

const room = (code: string, name: string, maxOccupancy: number, defaultInventory: number, extra: Partial<RoomTypeInput> = {}): RoomTypeInput => ({
  code,
  name,
  max_occupancy: maxOccupancy,
  default_inventory: defaultInventory,
  bed_type: maxOccupancy > 2 ? 'queen + sofa bed' : 'queen',
  amenities: ['wifi', 'air_conditioning'],
  ...extra,
});

/** The demo catalog: five promoted properties in four cities (two share Lisbon). */
export const DEMO_PROPERTIES: DemoProperty[] = [
  {
    property: {
      slug: 'lisbon-riverside-hotel',
      name: 'Lisbon Riverside Hotel',
      description: 'Four-star hotel on the Tagus waterfront, ten minutes from Baixa.',
      star_rating: 4,
      address: { line1: 'Avenida 24 de Julho 100', city: 'Lisbon', region: 'Lisboa', country: 'PT', postal_code: '1200-109' },
      geo: { lat: 38.7067, lng: -9.1527 },
      timezone: 'Europe/Lisbon',
      default_currency: 'EUR',
      amenities: ['wifi', 'restaurant', 'bar', 'gym', 'airport_shuttle'],
      images: ['https://images.example.com/lisbon-riverside/facade.jpg'],
      phone: '+351 21 000 0100',
      email: 'stay@lisbon-riverside.example',
      pets_allowed: false,
      number_of_rooms: 120,
      checkin_time: '15:00',
      checkout_time: '11:00',
      // VAT already inside the rates; the city tax per person and night is collected at the desk.
      taxes: [
        { code: 'VAT', name: 'IVA (Portugal)', rate_bps: 600, included: true },
        { code: 'CITY', name: 'Lisbon city tax', amount: 200, per: 'person_night', payable: 'at_property' },
      ],
      fees: [],
    },
    policies: POLICIES,
    rooms: [
      { room: room('DBL', 'Superior Double, river view', 2, 8, { floor_size_sqm: 24 }), plans: plans('EUR', 16500, 13900) },
      { room: room('FAM', 'Family Room', 5, 4, { floor_size_sqm: 35 }), plans: plans('EUR', 22900, 19500, FAMILY_PRICING) },
    ],
    // Weekend minimum stay: a stay arriving on a Friday or Saturday is two nights at least.
    restrictions: [{ days_of_week: ['fri', 'sat'], values: { min_stay_arrival: 2 } }],
  },
  {
    property: {
      slug: 'alfama-boutique-rooms',
      name: 'Alfama Boutique Rooms',
      description: 'Six rooms in a restored townhouse below the castle. Small: rooms sell out fast.',
      star_rating: 3.5,
      address: { line1: 'Rua de São Miguel 12', city: 'Lisbon', region: 'Lisboa', country: 'PT', postal_code: '1100-544' },
      geo: { lat: 38.7117, lng: -9.1289 },
      timezone: 'Europe/Lisbon',
      default_currency: 'EUR',
      amenities: ['wifi', 'terrace'],
      images: ['https://images.example.com/alfama-boutique/terrace.jpg'],
      phone: '+351 21 000 0200',
      email: 'ola@alfama-boutique.example',
      pets_allowed: true,
      number_of_rooms: 6,
      checkin_time: '14:00',
      checkout_time: '11:00',
      taxes: [{ code: 'VAT', name: 'IVA (Portugal)', rate_bps: 600 }],
      fees: [{ code: 'CITY', name: 'Lisbon city tax', amount: 400, per: 'night' }],
    },
    policies: POLICIES,
    // default_inventory 2: two agents racing for the last room is easy to demonstrate here.
    rooms: [{ room: room('CSY', 'Cosy Double', 2, 2, { floor_size_sqm: 16 }), plans: plans('EUR', 11900, 9900) }],
  },
  {
    property: {
      slug: 'porto-ribeira-inn',
      name: 'Porto Ribeira Inn',
      description: 'Riverside inn in the Ribeira quarter, steps from the Dom Luís I bridge.',
      star_rating: 3,
      address: { line1: 'Cais da Ribeira 30', city: 'Porto', region: 'Porto', country: 'PT', postal_code: '4050-510' },
      geo: { lat: 41.1405, lng: -8.6131 },
      timezone: 'Europe/Lisbon',
      default_currency: 'EUR',
      amenities: ['wifi', 'breakfast_room'],
      images: ['https://images.example.com/porto-ribeira/river.jpg'],
      phone: '+351 22 000 0300',
      email: 'hello@porto-ribeira.example',
      pets_allowed: false,
      number_of_rooms: 24,
      checkin_time: '15:00',
      checkout_time: '11:00',
      taxes: [{ code: 'VAT', name: 'IVA (Portugal)', rate_bps: 600 }],
      fees: [{ code: 'CITY', name: 'Porto city tax', amount: 300, per: 'night' }],
    },
    policies: POLICIES,
    rooms: [
      { room: room('TWN', 'Twin Room', 2, 6), plans: plans('EUR', 9800, 8200) },
      { room: room('TRP', 'Triple Room', 3, 3), plans: plans('EUR', 12900, 10900) },
    ],
  },
  {
    property: {
      slug: 'barcelona-gothic-suites',
      name: 'Barcelona Gothic Suites',
      description: 'Apartment-style suites in the Gothic Quarter with kitchenettes.',
      star_rating: 4,
      address: { line1: 'Carrer del Bisbe 5', city: 'Barcelona', region: 'Catalonia', country: 'ES', postal_code: '08002' },
      geo: { lat: 41.3833, lng: 2.1766 },
      timezone: 'Europe/Madrid',
      default_currency: 'EUR',
      amenities: ['wifi', 'kitchenette', 'laundry'],
      images: ['https://images.example.com/barcelona-gothic/suite.jpg'],
      phone: '+34 93 000 0400',
      email: 'hola@barcelona-gothic.example',
      pets_allowed: true,
      number_of_rooms: 18,
      checkin_time: '16:00',
      checkout_time: '10:00',
      taxes: [{ code: 'IVA', name: 'IVA (Spain)', rate_bps: 1000 }],
      fees: [{ code: 'CITY', name: 'Catalonia tourist tax', amount: 550, per: 'night' }],
    },
    policies: POLICIES,
    rooms: [
      { room: room('STE', 'One-bedroom Suite', 3, 5, { floor_size_sqm: 45 }), plans: plans('EUR', 18900, 15900) },
      { room: room('STU', 'Studio', 2, 6, { floor_size_sqm: 28 }), plans: plans('EUR', 13900, 11500) },
    ],
  },
  {
    property: {
      slug: 'tokyo-ginza-stay',
      name: 'Tokyo Ginza Stay',
      description: 'Compact business hotel in Ginza; prices in yen.',
      star_rating: 3.5,
      address: { line1: '4-1 Ginza', city: 'Tokyo', region: 'Tokyo', country: 'JP', postal_code: '104-0061' },
      geo: { lat: 35.6717, lng: 139.765 },
      timezone: 'Asia/Tokyo',
      default_currency: 'JPY',
      amenities: ['wifi', 'onsen', 'laundry'],
      images: ['https://images.example.com/tokyo-ginza/lobby.jpg'],
      phone: '+81 3 0000 0500',
      email: 'stay@tokyo-ginza.example',
      pets_allowed: false,
      number_of_rooms: 200,
      checkin_time: '15:00',
      checkout_time: '10:00',
      taxes: [{ code: 'CT', name: 'Consumption tax', rate_bps: 1000 }],
      fees: [{ code: 'ACC', name: 'Tokyo accommodation tax', amount: 200, per: 'night' }],
    },
    policies: POLICIES,
    rooms: [{ room: room('DBL', 'Double Room', 2, 10, { floor_size_sqm: 18 }), plans: plans('JPY', 21000, 18000) }],
  },
];

export const DEMO_FX_RATES = [
  { base: 'EUR', quote: 'USD', rate: 1.08 },
  { base: 'EUR', quote: 'GBP', rate: 0.85 },
  { base: 'EUR', quote: 'JPY', rate: 162 },
  { base: 'USD', quote: 'JPY', rate: 150 },
  { base: 'GBP', quote: 'USD', rate: 1.27 },
];
