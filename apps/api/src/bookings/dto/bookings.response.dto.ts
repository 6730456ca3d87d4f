import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ChainGuestsModel, ChainStayModel, PolicySnapshotModel, PriceBreakdownModel, TravelerModel } from '../../chain-dto/chain.response-parts.dto';
import { MoneyModel } from '../../http/openapi/envelope.models';

export class PrimaryGuestModel {
  @ApiProperty() full_name: string;
  @ApiProperty({ format: 'email' }) email: string;
  @ApiProperty() phone: string;
}

export class BookingGuestModel {
  @ApiProperty({ type: PrimaryGuestModel }) primary: PrimaryGuestModel;
}

/** One charge of the payment schedule (docs/payments.md "The schedule"). */
export class PaymentScheduleEntryModel {
  @ApiProperty({ enum: ['full', 'deposit', 'balance', 'cancellation_fee'] }) kind: string;
  @ApiProperty({ format: 'date-time', description: 'When it was or will be charged.' }) due_at: string;
  @ApiProperty({ type: MoneyModel }) amount: MoneyModel;
  @ApiProperty({ enum: ['scheduled', 'captured', 'failed', 'cancelled'] }) state: string;
}

export class BookingPaymentModel {
  @ApiProperty({
    enum: ['captured', 'partially_refunded', 'refunded', 'scheduled', 'guaranteed', 'overdue'],
    description: 'scheduled: deposit captured, balance pending; guaranteed: pay at property, card kept; overdue: the balance failed after its retries.',
  })
  state: string;
  @ApiProperty({ type: MoneyModel, description: 'The captured amount.' }) amount: MoneyModel;
  @ApiProperty({ type: MoneyModel, description: 'Refunded so far.' }) refunded: MoneyModel;
  @ApiProperty({ format: 'date-time' }) captured_at: string;
  @ApiProperty({ type: [PaymentScheduleEntryModel], description: 'The charges in due order; a booking paid at once has one full entry.' })
  schedule: PaymentScheduleEntryModel[];
}

export class CancellationModel {
  @ApiProperty({ format: 'date-time' }) cancelled_at: string;
  @ApiProperty({ type: MoneyModel, description: 'From the policy snapshot frozen at quote time.' }) fee: MoneyModel;
  @ApiProperty({ type: MoneyModel, description: 'Total minus fee (never below zero).' }) refund: MoneyModel;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: 'The refund record (GET /v1/refunds/{id}); null when nothing was refunded.' })
  refund_id: string | null;
  @ApiProperty() policy_version: string;
  @ApiProperty({ type: String, nullable: true }) reason: string | null;
}

/** `bookingRoomView` (libs/domain/src/booking/views.ts). */
export class BookingRoomModel {
  @ApiProperty({ type: 'integer', minimum: 1, description: "1-based position in the quote's rooms." }) room: number;
  @ApiProperty({ type: ChainGuestsModel, description: "This room's party." }) guests: ChainGuestsModel;
  @ApiProperty({ enum: ['confirmed', 'cancelled'], description: 'cancelled once the room (or the whole booking) is cancelled.' }) state: string;
  @ApiPropertyOptional({ description: 'The guest name given for this room in guest.rooms.' }) full_name?: string;
}

/** `bookingView` (libs/domain/src/booking/views.ts). */
export class BookingModel {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ enum: ['confirmed', 'cancelled'] }) state: string;
  @ApiProperty({ format: 'uuid' }) quote_id: string;
  @ApiProperty({ format: 'uuid' }) hold_id: string;
  @ApiProperty({ format: 'uuid' }) property_id: string;
  @ApiProperty({ format: 'uuid' }) room_type_id: string;
  @ApiProperty({ format: 'uuid' }) rate_plan_id: string;
  @ApiProperty({ type: ChainStayModel }) stay: ChainStayModel;
  @ApiProperty({ type: ChainGuestsModel, description: 'The party; with rooms, the whole party (each room is in rooms).' }) guests: ChainGuestsModel;
  @ApiProperty({ type: BookingGuestModel }) guest: BookingGuestModel;
  @ApiProperty({ type: PriceBreakdownModel }) price_breakdown: PriceBreakdownModel;
  @ApiProperty({ type: PolicySnapshotModel }) policy_snapshot: PolicySnapshotModel;
  @ApiProperty({ type: BookingPaymentModel, nullable: true, description: 'null only if the payment record cannot be found.' })
  payment: BookingPaymentModel | null;
  @ApiProperty({ type: TravelerModel, description: 'The traveler named by the delegation at booking time.' }) traveler: TravelerModel;
  @ApiProperty({ format: 'uuid' }) agent_id: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The property's own confirmation number, from a channel manager's acknowledgement of the reservation; null until then.",
  })
  property_confirmation_id: string | null;
  @ApiPropertyOptional({
    type: [BookingRoomModel],
    description: 'Only for a booking made from a quote with rooms (even one): each room with its party and state.',
  })
  rooms?: BookingRoomModel[];
  @ApiPropertyOptional({ type: CancellationModel, description: 'Present once cancelled.' }) cancellation?: CancellationModel;
}

export class AuditActorModel {
  @ApiProperty({ enum: ['agent', 'admin', 'system'] }) kind: string;
  @ApiProperty() id: string;
}

/** `AuditEventRecord` (libs/domain/src/booking/ports/audit-log.ts). */
export class AuditItemModel {
  @ApiProperty({ type: 'integer', minimum: 1, description: '1-based position in the timeline.' }) seq: number;
  @ApiProperty({
    example: 'booking.confirmed',
    description: 'quote.created, hold.created, payment.declined, booking.confirmed, payment.captured, booking.cancelled, refund.issued, ...',
  })
  type: string;
  @ApiProperty({ format: 'date-time' }) at: string;
  @ApiProperty({ type: AuditActorModel }) actor: AuditActorModel;
  @ApiPropertyOptional({ type: TravelerModel }) traveler?: TravelerModel;
  @ApiProperty({ description: 'The W3C trace id of the request that caused the event.' }) trace_id: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) data: Record<string, unknown>;
}

export class BookingAuditModel {
  @ApiProperty({ format: 'uuid' }) booking_id: string;
  @ApiProperty({ type: [AuditItemModel] }) items: AuditItemModel[];
}

/** `PreviewCancellation` (libs/domain/src/booking/use-cases/preview-cancellation.use-case.ts). */
export class CancellationPreviewModel {
  @ApiProperty({ type: MoneyModel, description: 'What cancelling now costs.' }) fee: MoneyModel;
  @ApiProperty({ type: MoneyModel, description: 'What cancelling now refunds.' }) refund: MoneyModel;
  @ApiProperty({ example: '2' }) policy_version: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Present while cancelling is free: the last instant of free cancellation.' }) free_until?: string;
}

/** What a client_reference became (GET /v1/bookings?client_reference=, MCP find_booking). */
export class ClientReferenceModel {
  @ApiProperty({ example: 'trip-4711:room-1' }) client_reference: string;
  @ApiProperty({
    enum: ['confirmed', 'failed', 'pending'],
    description:
      'confirmed: the booking exists (booking); failed: the confirmation ended with error_code; pending: a payment is in flight, ask again after retry_after seconds.',
  })
  state: string;
  @ApiProperty({ format: 'uuid', description: 'The hold the reference names.' }) hold_id: string;
  @ApiProperty({ type: BookingModel, nullable: true, description: 'The booking (as GET /v1/bookings/{id}), once confirmed; it may have been cancelled since.' })
  booking: BookingModel | null;
  @ApiProperty({ type: String, nullable: true, example: 'payment_failed', description: 'The error code the confirmation failed with.' })
  error_code: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'The detail of that error.' })
  error_detail: Record<string, unknown> | null;
  @ApiProperty({ type: 'integer', nullable: true, description: 'While pending: seconds to wait before asking again.' })
  retry_after: number | null;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}
