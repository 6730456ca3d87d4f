import { CreateQuote } from '@hcs/domain';
import { CreateQuoteRequestDto } from '../../quotes/dto/quotes.request.dto';
import { quoteCommand } from '../../quotes/quote-command';
import { QuotesController } from '../../quotes/quotes.controller';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { validBody } from '../mcp-validation';
import { GUESTS_DESCRIPTIONS, STAY_DESCRIPTIONS } from './tool-schemas';

export const createQuoteTool = defineTool<CreateQuoteRequestDto>({
  name: 'create_quote',
  title: 'Quote a room',
  description:
    'Price one room for a stay and party and freeze the price breakdown and the cancellation policy until expires_at. This is the only source of a binding price or cancellation term. ' +
    'For several rooms of the same room type and rate plan send rooms (1 to 8 parties, one per room) instead of guests: the breakdown then lists each room and sums them. ' +
    'Take hotel_id, room_type_id and rate_plan_id from a search result (its quote next action carries the whole body). Next: create_hold with the quote_id.',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  mirrors: { controller: QuotesController, handler: 'create' },
  input: dtoArguments(CreateQuoteRequestDto, { describe: { hotel_id: 'The property id', ...STAY_DESCRIPTIONS, ...GUESTS_DESCRIPTIONS } }),
  validate: ({ body }) => validBody(CreateQuoteRequestDto, body),
  execute: ({ input, actor, use }) => use(CreateQuote).execute(quoteCommand(input), actor),
  summarize: ({ data, expires_at }) => {
    const quote = data as { quote_id: string; price_breakdown: { total: { amount: number; currency: string } } };
    return `Quote ${quote.quote_id}: total ${quote.price_breakdown.total.amount} ${quote.price_breakdown.total.currency} (minor units), valid until ${expires_at}. Next: create_hold.`;
  },
});
