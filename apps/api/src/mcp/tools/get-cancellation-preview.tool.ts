import { PreviewCancellation } from '@hcs/domain';
import { BookingsController } from '../../bookings/bookings.controller';
import { defineTool } from '../mcp-tool';
import { noOtherArguments, omit, validUuid } from '../mcp-validation';
import { READ_ONLY, UUID } from './tool-schemas';

export const getCancellationPreviewTool = defineTool<{ bookingId: string }>({
  name: 'get_cancellation_preview',
  title: 'Preview the cost of cancelling',
  description:
    'What cancelling a booking now would cost, by the very rule cancel_booking applies: fee, refund, policy_version and, while cancelling is still free, free_until. Changes nothing. ' +
    'Use it before cancel_booking to tell the traveler the fee and refund, with the delegation JWT of the traveler who booked (the one you will cancel with): a successful preview means the cancel will be accepted. ' +
    'booking_not_cancellable means it cannot be cancelled (detail.state, detail.reason). Next: cancel_booking once the traveler agrees, or get_booking.',
  annotations: READ_ONLY,
  mirrors: { controller: BookingsController, handler: 'preview' },
  input: { booking_id: UUID.describe('The booking to preview the cancellation of') },
  request: (args) => ({ params: { id: args.booking_id }, body: omit(args, 'booking_id') }),
  validate: ({ params, body }) => {
    noOtherArguments(body);
    return { bookingId: validUuid(params.id, 'booking_id') };
  },
  execute: ({ input, actor, traveler, use }) => use(PreviewCancellation).execute(input, actor, traveler),
  summarize: ({ data }) => {
    type Money = { amount: number; currency: string };
    const preview = data as { fee: Money; refund: Money; free_until?: string };
    const free = preview.free_until ? `, free until ${preview.free_until}` : '';
    return `Cancelling now: fee ${preview.fee.amount} ${preview.fee.currency}, refund ${preview.refund.amount} ${preview.refund.currency} (minor units)${free}. Next: cancel_booking if the traveler agrees.`;
  },
});
