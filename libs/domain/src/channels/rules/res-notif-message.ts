import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { currencyExponent } from '../../money/currency';
import type { ChannelCodes } from '../channel.types';
import { OTA_NAMESPACE } from '../ota/ota-xml';

/** The OpenTravel namespace of every message (docs/channels-out.md). */

/** `ResStatus` of the message for each booking event. */
export type ResStatus = 'Commit' | 'Modify' | 'Cancel';

const RES_STATUS: Record<string, ResStatus> = {
  'booking.confirmed': 'Commit',
  'booking.modified': 'Modify',
  'booking.room_cancelled': 'Modify',
  'booking.cancelled': 'Cancel',
};

/** The message's `ResStatus` for an event type; null for an event a channel does not receive. */
export function resStatusOf(eventType: string): ResStatus | null {
  return RES_STATUS[eventType] ?? null;
}

interface Money {
  amount: number;
  currency: string;
}
interface Party {
  adults: number;
  children: Array<{ age: number }>;
}
interface Night {
  date: string;
  amount: Money;
}
interface Item {
  code: string;
  name: string;
  amount: Money;
  included?: boolean;
  payable?: 'online' | 'at_property';
}

/**
 * The booking read (`GET /v1/bookings/{id}`, the `data` of a booking event) as far as the message
 * uses it. Optional fields are the ones the read carries only for some bookings.
 */
export interface ResNotifBooking {
  booking_id: string;
  quote_id?: string;
  hold_id?: string;
  state: string;
  stay: { check_in: string; check_out: string };
  guests: Party;
  guest: { primary: { full_name: string; email: string; phone: string } };
  price_breakdown: {
    currency: string;
    nights: Night[];
    subtotal: Money;
    taxes: Item[];
    fees: Item[];
    total: Money;
    rooms?: Array<{ room: number; guests: Party; nights: Night[]; subtotal: Money }>;
    payable_online?: Money;
    payable_at_property?: Money;
  };
  policy_snapshot?: Record<string, unknown>;
  rooms?: Array<{ room: number; guests: Party; state: string; full_name?: string }>;
  property_confirmation_id?: string | null;
  created_at: string;
}

/** The event a message is built from: its id is the message's `EchoToken`, the same on every attempt. */
export interface ResNotifEvent {
  id: string;
  type: string;
  createdAt: Date;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The booking read inside an event payload, or null when the payload is not one. */
export function resNotifBooking(payload: Record<string, unknown>): ResNotifBooking | null {
  const p = payload;
  if (typeof p.booking_id !== 'string' || typeof p.created_at !== 'string' || !isObject(p.stay) || !isObject(p.guests)) return null;
  if (!isObject(p.guest) || !isObject(p.guest.primary) || !isObject(p.price_breakdown) || !Array.isArray(p.price_breakdown.nights)) return null;
  return p as unknown as ResNotifBooking;
}

/**
 * Payment terms as the message states them. The booking read exposes the frozen terms as
 * `policy_snapshot.payment_terms` where a rate plan sets them (docs/channels-out.md "Payment
 * terms"); a booking without them states none.
 */
export function paymentTermsOf(booking: ResNotifBooking): Record<string, string> | null {
  const terms = booking.policy_snapshot?.payment_terms;
  if (!isObject(terms) || typeof terms.kind !== 'string') return null;
  const out: Record<string, string> = { Kind: terms.kind };
  if (typeof terms.deposit_pct === 'number') out.DepositPercent = String(terms.deposit_pct);
  if (typeof terms.balance_due_days === 'number') out.BalanceDueDays = String(terms.balance_due_days);
  return out;
}

/** Minor units as the OpenTravel decimal amount of the currency (`12000` EUR → `120.00`). */
export function otaAmount(money: Money): string {
  const exponent = currencyExponent(money.currency);
  const sign = money.amount < 0 ? '-' : '';
  const digits = String(Math.abs(money.amount)).padStart(exponent + 1, '0');
  return exponent === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** `Given Names Surname`: the last word is the surname, the rest the given names. */
export function personName(fullName: string): { given: string; surname: string } {
  const words = fullName.trim().split(/\s+/);
  const surname = words.pop() ?? '';
  return { given: words.join(' '), surname };
}

function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

interface MessageRoom {
  room: number;
  guests: Party;
  nights: Night[];
  subtotal: Money;
  state: string;
  fullName: string | null;
}

/** The booking's rooms: each room of a `rooms` booking, else the booking as one room. */
function roomsOf(b: ResNotifBooking): MessageRoom[] {
  const priced = b.price_breakdown.rooms;
  if (!b.rooms || !priced) {
    return [{ room: 1, guests: b.guests, nights: b.price_breakdown.nights, subtotal: b.price_breakdown.subtotal, state: b.state, fullName: null }];
  }
  return b.rooms.map((r) => {
    const p = priced.find((x) => x.room === r.room);
    return {
      room: r.room,
      guests: r.guests,
      nights: p?.nights ?? [],
      subtotal: p?.subtotal ?? { amount: 0, currency: b.price_breakdown.currency },
      state: r.state,
      fullName: r.full_name ?? null,
    };
  });
}

function guestCounts(parent: XMLBuilder, party: Party): void {
  const counts = parent.ele('GuestCounts');
  counts.ele('GuestCount', { AgeQualifyingCode: '10', Count: String(party.adults) });
  for (const child of party.children) counts.ele('GuestCount', { AgeQualifyingCode: '8', Age: String(child.age), Count: '1' });
}

function customer(parent: XMLBuilder, rph: number, fullName: string, primary: boolean, contact: { email: string; phone: string } | null): void {
  const name = personName(fullName);
  const guest = parent.ele('ResGuest', { ResGuestRPH: String(rph), ...(primary ? { PrimaryIndicator: 'true' } : {}) });
  const c = guest.ele('Profiles').ele('ProfileInfo').ele('Profile', { ProfileType: '1' }).ele('Customer');
  const person = c.ele('PersonName');
  if (name.given) person.ele('GivenName').txt(name.given);
  person.ele('Surname').txt(name.surname);
  if (contact?.phone) c.ele('Telephone', { PhoneNumber: contact.phone });
  if (contact?.email) c.ele('Email').txt(contact.email);
}

function charges(parent: XMLBuilder, element: 'Tax' | 'Fee', items: Item[]): void {
  for (const item of items) {
    const e = parent.ele(element, {
      Code: item.code,
      Type: item.included ? 'Inclusive' : 'Exclusive',
      Amount: otaAmount(item.amount),
      CurrencyCode: item.amount.currency,
    });
    const description = e.ele(element === 'Tax' ? 'TaxDescription' : 'Description', { Name: item.name });
    description.ele('Text').txt(`payable:${item.payable ?? 'online'}`);
  }
}

/**
 * The `OTA_HotelResNotifRQ` of a booking event (docs/channels-out.md "The message"): plain XML in
 * the OpenTravel namespace, built from the event alone so every attempt and replay sends the same
 * bytes. A room cancelled leaves the booking's other rooms (`Modify`); a `Cancel` names every room.
 */
export function resNotifMessage(event: ResNotifEvent, booking: ResNotifBooking, codes: ChannelCodes, source: string): string {
  const status = resStatusOf(event.type) ?? 'Modify';
  const currency = booking.price_breakdown.currency;
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele(OTA_NAMESPACE, 'OTA_HotelResNotifRQ', {
    EchoToken: event.id,
    TimeStamp: event.createdAt.toISOString(),
    Version: '1.0',
    ResStatus: status,
  });
  const reservation = root.ele('HotelReservations').ele('HotelReservation', {
    CreateDateTime: booking.created_at,
    LastModifyDateTime: event.createdAt.toISOString(),
  });
  reservation.ele('UniqueID', { Type: '14', ID: booking.booking_id });
  const rooms = roomsOf(booking).filter((r) => status === 'Cancel' || r.state !== 'cancelled');
  const stays = reservation.ele('RoomStays');
  for (const room of rooms) {
    const stay = stays.ele('RoomStay');
    stay.ele('RoomTypes').ele('RoomType', { RoomTypeCode: codes.roomTypeCode });
    stay.ele('RatePlans').ele('RatePlan', { RatePlanCode: codes.ratePlanCode });
    const rates = stay
      .ele('RoomRates')
      .ele('RoomRate', { RoomTypeCode: codes.roomTypeCode, RatePlanCode: codes.ratePlanCode, NumberOfUnits: '1' })
      .ele('Rates');
    for (const night of room.nights) {
      rates
        .ele('Rate', { EffectiveDate: night.date, ExpireDate: nextDay(night.date), RateTimeUnit: 'Day', UnitMultiplier: '1' })
        .ele('Base', { AmountBeforeTax: otaAmount(night.amount), CurrencyCode: night.amount.currency });
    }
    guestCounts(stay, room.guests);
    stay.ele('TimeSpan', { Start: booking.stay.check_in, End: booking.stay.check_out });
    stay.ele('Total', { AmountBeforeTax: otaAmount(room.subtotal), CurrencyCode: room.subtotal.currency });
    stay.ele('BasicPropertyInfo', { HotelCode: codes.hotelCode });
    stay.ele('ResGuestRPHs').ele('ResGuestRPH', { RPH: String(room.fullName ? room.room + 1 : 1) });
  }
  const guests = reservation.ele('ResGuests');
  customer(guests, 1, booking.guest.primary.full_name, true, booking.guest.primary);
  for (const room of rooms) if (room.fullName) customer(guests, room.room + 1, room.fullName, false, null);
  const global = reservation.ele('ResGlobalInfo');
  const pb = booking.price_breakdown;
  const addedTaxes = pb.taxes.filter((t) => !t.included).reduce((sum, t) => sum + t.amount.amount, 0);
  const total = global.ele('Total', {
    AmountBeforeTax: otaAmount({ amount: pb.total.amount - addedTaxes, currency }),
    AmountAfterTax: otaAmount(pb.total),
    CurrencyCode: currency,
  });
  if (pb.taxes.length > 0) charges(total.ele('Taxes'), 'Tax', pb.taxes);
  const extensions = total.ele('TPA_Extensions');
  extensions.ele('Payable', {
    Online: otaAmount(pb.payable_online ?? pb.total),
    AtProperty: otaAmount(pb.payable_at_property ?? { amount: 0, currency }),
    CurrencyCode: currency,
  });
  const terms = paymentTermsOf(booking);
  if (terms) extensions.ele('PaymentTerms', terms);
  if (pb.fees.length > 0) charges(global.ele('Fees'), 'Fee', pb.fees);
  const ids = global.ele('HotelReservationIDs');
  ids.ele('HotelReservationID', { ResID_Type: '14', ResID_Value: booking.booking_id, ResID_Source: source });
  if (booking.property_confirmation_id) ids.ele('HotelReservationID', { ResID_Type: '10', ResID_Value: booking.property_confirmation_id });
  return doc.end({ prettyPrint: false });
}
