import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import { nightCount, Stay, stayNights, stayViolations, stayWindow, todayIn } from '../../stay/stay-rules';
import type { Caller } from '../../identity/principal';
import type { BookingRecord, Guests, Traveler } from '../chain.types';
import { BookingRepository } from '../ports/booking.repository';
import { PaymentRepository } from '../ports/payment.repository';
import { RoomNightReservations } from '../ports/room-night-reservations';
import { QuoteSourceReader } from '../ports/quote-source.reader';
import { movedPolicySnapshot } from '../rules/moved-policy';
import { priceFromSource } from '../rules/quote-price';
import { cancellationBase } from '../rules/cancellation-fee';
import { combineRoomPrices } from '../rules/room-prices';
import { soldUnits } from '../rules/booking-rooms';
import { stayMove } from '../rules/stay-move';
import { BookingView, bookingView } from '../views';
import { BookingAccess } from '../services/booking-access';
import { ChainRecorder } from '../services/chain-recorder';
import { bookingNextActions } from './get-booking.use-case';
import { StayFollowUps } from '../ports/stay-follow-ups';
import { PaymentSchedule } from '../ports/payment-schedule';
import { balanceDueAt, readPaymentTerms, splitUnderTerms } from '../rules/payment-terms';
import { auditActor, bookingChain, chainAuditEvent } from '../rules/audit-entry';

export interface ModifyBookingCommand {
  bookingId: string;
  stay: Stay;
}

const notModifiable = (booking: BookingRecord, reason: string, extra: Record<string, unknown> = {}) =>
  new DomainError('booking_not_modifiable', { detail: { booking_id: booking.id, state: booking.state, reason, ...extra } });

/**
 * Moves a confirmed booking to other dates of the same length and the same total, for the
 * traveler who booked it (docs/back-office.md). Everything happens in this one transaction: the
 * booking row (conditional on its current stay, so two modifications cannot both apply), the
 * inventory (old nights' sold - units and new nights' sold + units where that many rooms are free, units being the
 * rooms still confirmed, single conditional
 * UPDATEs in date order, row counts checked), the audit entry and the `booking.modified` event.
 * Whatever must move with a booking's dates joins this transaction.
 */
@Injectable()
export class ModifyBooking {
  constructor(
    private readonly access: BookingAccess,
    private readonly bookings: BookingRepository,
    private readonly payments: PaymentRepository,
    private readonly source: QuoteSourceReader,
    private readonly inventory: RoomNightReservations,
    private readonly recorder: ChainRecorder,
    private readonly followUps: StayFollowUps,
    private readonly schedule: PaymentSchedule,
  ) {}

  @Transactional()
  async execute(command: ModifyBookingCommand, actor: Caller, traveler: Traveler): Promise<Outcome<BookingView>> {
    const booking = await this.access.require(command.bookingId, actor);
    if (booking.traveler.iss !== traveler.iss || booking.traveler.sub !== traveler.sub) {
      throw new DomainError('resource_access_denied', { message: 'Only the traveler who booked can modify.', detail: { booking_id: booking.id } });
    }
    if (booking.state !== 'confirmed') throw notModifiable(booking, 'cancelled');
    const today = todayIn(booking.policySnapshot.timezone);
    if (today >= booking.stay.check_in) throw notModifiable(booking, 'stay_started', { check_in: booking.stay.check_in, property_date: today });
    if (booking.policySnapshot.cancellation_kind === 'non_refundable') throw notModifiable(booking, 'non_refundable');

    const errors = stayViolations(command.stay, stayWindow(booking.policySnapshot.timezone));
    if (errors.length === 0 && command.stay.check_in === booking.stay.check_in && command.stay.check_out === booking.stay.check_out) {
      errors.push({ path: 'stay', message: "is the booking's current stay" });
    }
    if (errors.length > 0) throw validationFailed(errors);

    const oldTotal = booking.priceBreakdown.total;
    const nights = stayNights(command.stay);
    const src = await this.source.read(actor.tenantId, {
      propertyId: booking.propertyId,
      roomTypeId: booking.roomTypeId,
      ratePlanId: booking.ratePlanId,
      nights,
    });
    if (!src.property || !src.roomType || !src.ratePlan) throw notModifiable(booking, 'rate_plan_unavailable');
    const priced = { ...src, property: src.property, roomType: src.roomType, ratePlan: src.ratePlan };
    const priceFor = (party: Guests) => priceFromSource(priced, nights, party);
    // A booking of several rooms is priced room by room, as its quote was (every room, cancelled ones included, as in its frozen price).
    const listed = booking.rooms ? combineRoomPrices(booking.rooms.map((r) => ({ guests: r.guests, price: priceFor(r.guests) }))) : priceFor(booking.guests);
    // The booking's frozen payment terms split the new price as they split the old one (docs/payments.md).
    const terms = booking.policySnapshot.payment_terms ? readPaymentTerms(booking.policySnapshot.payment_terms) : null;
    const price = terms ? splitUnderTerms(listed, terms, { currency: src.property.currency, rate: src.property.localRate }) : listed;
    if (nightCount(command.stay) !== nightCount(booking.stay) || price.total.amount !== oldTotal.amount || price.total.currency !== oldTotal.currency) {
      throw new DomainError('booking_modification_price_change', {
        detail: { booking_id: booking.id, old_total: oldTotal, new_total: price.total, old_nights: nightCount(booking.stay), new_nights: nights.length },
      });
    }

    // The booking row first: its conditional UPDATE serialises concurrent modifications.
    // Free cancellation never ends later than it did before the move (rules/moved-policy.ts).
    const policySnapshot = movedPolicySnapshot(booking.policySnapshot, {
      checkIn: command.stay.check_in,
      checkinTime: src.property.checkinTime,
      timezone: src.property.timezone,
      total: cancellationBase(price),
      payable: price,
    });
    const modified = await this.bookings.modify(actor.tenantId, booking.id, booking.stay, { stay: command.stay, priceBreakdown: price, policySnapshot });
    if (!modified) {
      const current = await this.bookings.findById(actor.tenantId, booking.id);
      throw notModifiable(current ?? booking, current?.state === 'cancelled' ? 'cancelled' : 'modified_concurrently');
    }

    const move = stayMove(stayNights(booking.stay), nights);
    await this.inventory.ensureNights(actor.tenantId, booking.roomTypeId, move.take);
    // Every room still confirmed moves: its units leave the old nights and take the new ones.
    const moved = await this.inventory.moveSold(actor.tenantId, booking.roomTypeId, move.release, move.take, soldUnits(booking));
    if (!moved.ok) throw new DomainError('allotment_exhausted', { detail: { room_type_id: booking.roomTypeId, dates: moved.fullNights } });
    // Follow-ups still scheduled move with the stay, in this transaction (docs/follow-ups.md).
    await this.followUps.rescheduleForStay(actor.tenantId, booking.id, command.stay);
    // A balance not yet charged falls due before the new check-in (due at once if that moment has passed).
    if (terms?.kind === 'deposit' && terms.balance_due_days !== undefined) {
      await this.schedule.moveBalance(actor.tenantId, booking.id, balanceDueAt(policySnapshot.check_in_at, policySnapshot.timezone, terms.balance_due_days));
    }

    const payment = await this.payments.findByBooking(actor.tenantId, booking.id);
    const view = bookingView(modified, payment);
    await this.recorder.append(
      chainAuditEvent(
        bookingChain(booking),
        'booking.modified',
        { actor: auditActor(actor), traveler, traceId: this.recorder.traceId },
        { previous_stay: booking.stay, stay: modified.stay, total: price.total, ...(booking.rooms ? { units: soldUnits(booking) } : {}) },
      ),
    );
    await this.recorder.publish({ tenantId: actor.tenantId, type: 'booking.modified', aggregateType: 'booking', aggregateId: booking.id, payload: view });
    return new Outcome(view, { status: 200, next_actions: bookingNextActions(modified) });
  }
}
