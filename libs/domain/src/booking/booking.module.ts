import { Module } from '@nestjs/common';
import { FollowUpModule } from '../follow-up/follow-up.module';
import { ReceiptSigner } from './services/receipt-signer';
import { BookingAccess } from './services/booking-access';
import { CancelBooking, CancelBookingRoom } from './use-cases/cancel-booking.use-case';
import { BookingCanceller } from './services/booking-canceller';
import { ClientReferenceGate } from './services/client-reference-gate';
import { FindBookingByClientReference } from './use-cases/find-booking-by-client-reference.use-case';
import { ConfirmBooking } from './use-cases/confirm-booking.use-case';
import { CreateBookingAuthorization } from './use-cases/create-booking-authorization.use-case';
import { CreateHold } from './use-cases/create-hold.use-case';
import { CreateQuote } from './use-cases/create-quote.use-case';
import { ExpireHold } from './use-cases/expire-hold.use-case';
import { ExpireDueHolds } from './use-cases/expire-due-holds.use-case';
import { GetBookingAudit } from './use-cases/get-booking-audit.use-case';
import { GetBookingAuthorization } from './use-cases/get-booking-authorization.use-case';
import { GetBooking } from './use-cases/get-booking.use-case';
import { GetRefund } from './use-cases/get-refund.use-case';
import { ListBookings } from './use-cases/list-bookings.use-case';
import { IssueRefund } from './use-cases/issue-refund.use-case';
import { ModifyBooking } from './use-cases/modify-booking.use-case';
import { PreviewCancellation } from './use-cases/preview-cancellation.use-case';
import { RefundIssuer } from './services/refund-issuer';
import { RecoverStrandedPayments } from './use-cases/recover-stranded-payments.use-case';
import { SettlePaymentEvent } from './use-cases/settle-payment-event.use-case';
import { ChargeDuePayments } from './use-cases/charge-due-payments.use-case';
import { ReleaseHold } from './use-cases/release-hold.use-case';
import { SettleBookingAttempt } from './services/settle-booking-attempt';
import { AbortBookingAttempt } from './services/abort-booking-attempt';
import { ConfirmationPlanner } from './services/confirmation-planner';
import { ConfirmedBookingAnswer } from './services/confirmed-booking-answer';
import { ChainRecorder } from './services/chain-recorder';
import { VerifyReceipt } from './use-cases/verify-receipt.use-case';

const useCases = [
  CreateQuote,
  CreateHold,
  ReleaseHold,
  ExpireHold,
  ExpireDueHolds,
  ConfirmBooking,
  GetBooking,
  GetBookingAudit,
  CancelBooking,
  CancelBookingRoom,
  GetRefund,
  VerifyReceipt,
  CreateBookingAuthorization,
  GetBookingAuthorization,
  RecoverStrandedPayments,
  ChargeDuePayments,
  ListBookings,
  IssueRefund,
  ModifyBooking,
  PreviewCancellation,
  FindBookingByClientReference,
  SettlePaymentEvent,
];

/**
 * The booking chain's application services, shared by REST, MCP and the worker. Ports come from
 * the global persistence module (repositories, payment provider) and the queue adapters module.
 */
@Module({
  imports: [FollowUpModule],
  providers: [
    ...useCases,
    BookingAccess,
    ReceiptSigner,
    RefundIssuer,
    BookingCanceller,
    SettleBookingAttempt,
    AbortBookingAttempt,
    ConfirmationPlanner,
    ConfirmedBookingAnswer,
    ChainRecorder,
    ClientReferenceGate,
  ],
  exports: [...useCases, ReceiptSigner],
})
export class BookingModule {}
