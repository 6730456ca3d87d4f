import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { MoneyModel } from '../http/openapi/envelope.models';

/**
 * Response parts shared by the chain's models (quotes, holds, bookings), for the API description.
 * The source of truth is `libs/domain/src/booking/views.ts` and `chain.types.ts`.
 */
export class ChainStayModel {
  @ApiProperty({ example: '2027-05-10', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) check_in: string;
  @ApiProperty({ example: '2027-05-12', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) check_out: string;
}

export class ChainChildModel {
  @ApiProperty({ type: 'integer', minimum: 0, maximum: 17 }) age: number;
}

export class ChainGuestsModel {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'At most 20 for one room; a quote made with rooms shows the whole party (every room together).' })
  adults: number;
  @ApiProperty({ type: [ChainChildModel] }) children: ChainChildModel[];
}

export class PricedNightModel {
  @ApiProperty({ example: '2027-05-10' }) date: string;
  @ApiProperty({ type: MoneyModel }) amount: MoneyModel;
}

const INCLUDED = 'Already inside the nightly amounts: shown, not added to the total.';
const PAYABLE = 'online: charged through the service; at_property: collected by the hotel.';

export class PricedTaxModel {
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Basis points of the room subtotal; absent for a fixed amount.' }) rate_bps?: number;
  @ApiProperty({ type: MoneyModel }) amount: MoneyModel;
  @ApiProperty({ description: INCLUDED }) included: boolean;
  @ApiProperty({ enum: ['online', 'at_property'], description: PAYABLE }) payable: string;
}

export class PricedFeeModel {
  @ApiProperty() code: string;
  @ApiProperty() name: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Basis points of the room subtotal, for a fee charged as a share; absent for a fixed amount.' })
  rate_bps?: number;
  @ApiProperty({ type: MoneyModel }) amount: MoneyModel;
  @ApiProperty({ description: INCLUDED }) included: boolean;
  @ApiProperty({ enum: ['online', 'at_property'], description: PAYABLE }) payable: string;
}

/** One room of a quote made with `rooms`. */
export class PricedRoomModel {
  @ApiProperty({ type: 'integer', minimum: 1, description: "1-based position in the quote's rooms." }) room: number;
  @ApiProperty({ type: ChainGuestsModel, description: "This room's party." }) guests: ChainGuestsModel;
  @ApiProperty({ type: [PricedNightModel], description: "This room's nights." }) nights: PricedNightModel[];
  @ApiProperty({ type: MoneyModel, description: "This room's subtotal (its nights)." }) subtotal: MoneyModel;
}

/** What the hotel collects; `local` restates it in the property's currency when the quote's differs. */
export class PayableAtPropertyModel extends MoneyModel {
  @ApiPropertyOptional({ type: MoneyModel, description: "The same amount in the property's currency (display FX), when the quote's currency differs." })
  local?: MoneyModel;
}

/**
 * docs/booking-chain.md "Price breakdown": every amount in minor units of `currency`; total =
 * subtotal + the taxes and fees not included = payable_online + payable_at_property.
 */
export class PriceBreakdownModel {
  @ApiProperty({ pattern: '^[A-Z]{3}$' }) currency: string;
  @ApiProperty({ type: [PricedNightModel] }) nights: PricedNightModel[];
  @ApiProperty({ type: MoneyModel }) subtotal: MoneyModel;
  @ApiProperty({ type: [PricedTaxModel] }) taxes: PricedTaxModel[];
  @ApiProperty({ type: [PricedFeeModel] }) fees: PricedFeeModel[];
  @ApiProperty({ type: MoneyModel }) total: MoneyModel;
  @ApiPropertyOptional({
    type: [PricedRoomModel],
    description: 'Only on a quote made with rooms (even one): each room priced for its party; the nights, taxes, fees and totals above are their sums.',
  })
  rooms?: PricedRoomModel[];
  @ApiProperty({ type: MoneyModel, description: 'What is charged through the service.' }) payable_online: MoneyModel;
  @ApiProperty({ type: PayableAtPropertyModel, description: 'What the hotel collects at the property (taxes and fees payable there).' })
  payable_at_property: PayableAtPropertyModel;
}

/** One step of the cancellation timeline: cancelling before `until` costs `fee`. */
export class CancellationTimelineEntryModel {
  @ApiProperty({ format: 'date-time' }) until: string;
  @ApiProperty({ type: MoneyModel }) fee: MoneyModel;
}

/** The cancellation terms frozen at quote time; cancellation fees are computed from this only. */
/** A rate plan's payment terms (docs/payments.md "Payment terms"). */
export class PaymentTermsModel {
  @ApiProperty({ enum: ['prepay', 'deposit', 'pay_at_property'] }) kind: string;
  @ApiPropertyOptional({ type: 'integer', description: 'Percent of payable_online charged at booking (deposit).' }) deposit_pct?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'Days before check-in the balance is charged (deposit).' }) balance_due_days?: number;
}

export class PolicySnapshotModel {
  @ApiProperty({ format: 'uuid' }) policy_id: string;
  @ApiProperty({ example: '1' }) version: string;
  @ApiProperty({ enum: ['free_cancellation', 'non_refundable'] }) cancellation_kind: string;
  @ApiProperty({ type: 'integer' }) free_cancellation_hours_before_checkin: number;
  @ApiProperty({ description: 'Percent of the total less what is payable at the property, charged from free_cancellation_until on.' })
  cancellation_fee_pct_after_cutoff: number;
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'Last instant of free cancellation; null for non-refundable terms.' })
  free_cancellation_until: string | null;
  @ApiProperty({ type: String, nullable: true }) child_policy_text: string | null;
  @ApiProperty({ format: 'date-time', description: 'The check-in date at the property check-in time, as a UTC instant.' }) check_in_at: string;
  @ApiProperty({ example: 'Europe/Lisbon', description: 'The property time zone ("the stay has started" is decided on its local date).' }) timezone: string;
  @ApiProperty({
    type: [CancellationTimelineEntryModel],
    description:
      'Machine-readable terms in time order: a cancellation before `until` (and after the previous entry) costs `fee`; after the last entry the stay has started and cannot be cancelled.',
  })
  cancellation_timeline: CancellationTimelineEntryModel[];
  @ApiProperty({ type: MoneyModel, description: "The price's part charged through the service, frozen with the terms." }) payable_online: MoneyModel;
  @ApiProperty({ type: PayableAtPropertyModel, description: "The price's part the hotel collects, frozen with the terms." })
  payable_at_property: PayableAtPropertyModel;
  @ApiPropertyOptional({ type: PaymentTermsModel, description: "The rate plan's payment terms when it sets any; absent: prepay." })
  payment_terms?: PaymentTermsModel;
}

/** The traveler a delegation named: `{iss, sub}`. */
export class TravelerModel {
  @ApiProperty() iss: string;
  @ApiProperty() sub: string;
}
