import type { AdvisorFacts } from '../advisor/advisor.types';

/** A property read model for advisor unit specs. */
export function factsOf(overrides: Partial<AdvisorFacts> = {}): AdvisorFacts {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'riverside',
    name: 'Riverside',
    description: null,
    star_rating: 4,
    address: { line1: '1 Rua Augusta', city: 'Lisbon', country: 'PT' },
    geo: { lat: 38.7, lng: -9.1 },
    default_currency: 'EUR',
    timezone: 'Europe/Lisbon',
    amenities: ['wifi', 'elevator'],
    images: [],
    phone: null,
    email: 'stay@riverside.example',
    pets_allowed: false,
    number_of_rooms: 10,
    checkin_time: '15:00',
    checkout_time: null,
    taxes: [],
    fees: [],
    policies: [],
    room_types: [],
    ...overrides,
  } as AdvisorFacts;
}
