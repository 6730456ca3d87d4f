import type { Property, RatePlan, RoomType } from '../catalog';
import { promotionBlockers } from './promotion-readiness';

const property = (over: Partial<Property> = {}): Property => ({
  id: 'p1',
  tenantId: 't',
  slug: 's',
  name: 'n',
  description: null,
  starRating: null,
  address: { line1: 'Rua 1', line2: null, city: 'Lisbon', region: null, country: 'PT', postalCode: null },
  geo: { lat: 38.7, lng: -9.1 },
  timezone: 'Europe/Lisbon',
  defaultCurrency: 'EUR',
  amenities: [],
  images: [],
  phone: null,
  email: null,
  petsAllowed: false,
  numberOfRooms: null,
  checkinTime: null,
  checkoutTime: null,
  taxes: [],
  fees: [],
  promotedAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...over,
});
const room = (id: string): RoomType => ({
  id,
  tenantId: 't',
  propertyId: 'p1',
  code: `R${id}`,
  name: 'Room',
  description: null,
  maxOccupancy: 2,
  bedType: null,
  floorSizeSqm: null,
  amenities: [],
  images: [],
  smokingAllowed: false,
  defaultInventory: 3,
  createdAt: new Date(),
});
const plan = (id: string, roomTypeId: string, policyId: string | null = 'pol'): RatePlan => ({
  id,
  tenantId: 't',
  propertyId: 'p1',
  roomTypeId,
  code: `P${id}`,
  name: 'Plan',
  baseRate: { amount: 10000, currency: 'EUR' },
  mealPlan: 'room_only',
  policyId,
  occupancyPricing: null,
  createdAt: new Date(),
});

describe('promotion readiness', () => {
  it('lets a complete property through', () => {
    expect(promotionBlockers(property(), [room('a')], [plan('1', 'a')])).toEqual([]);
  });

  it('lists every blocker at once', () => {
    const reasons = promotionBlockers(
      property({ address: { line1: null, line2: null, city: 'X', region: null, country: null, postalCode: null }, geo: null }),
      [],
      [],
    );
    expect(reasons.map((r) => r.code)).toEqual(['no_address', 'no_geo', 'no_room_type']);
    expect(reasons[0].message).toContain('line1, country');
  });

  it('names the room type without a plan and the plan without a policy', () => {
    const reasons = promotionBlockers(property(), [room('a'), room('b')], [plan('1', 'a', null)]);
    expect(reasons).toEqual([
      expect.objectContaining({ code: 'room_type_without_rate_plan', room_type_id: 'b' }),
      expect.objectContaining({ code: 'rate_plan_without_policy', rate_plan_id: '1' }),
    ]);
    expect(promotionBlockers(property(), [room('a')], []).map((r) => r.code)).toEqual(['no_rate_plan']);
  });
});
