import { CreateHold } from '@hcs/domain';
import { CreateHoldRequestDto } from '../../holds/dto/holds.request.dto';
import { HoldsController } from '../../holds/holds.controller';
import { BODY_KEY_FIELD } from '../../idempotency/idempotency-key';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { validBody } from '../mcp-validation';

export const createHoldTool = defineTool<CreateHoldRequestDto>({
  name: 'create_hold',
  title: 'Hold the quoted room',
  description:
    'Reserve the quoted room on every night of the stay until expires_at (about 15 minutes) so it cannot be sold meanwhile. Needs a live quote_id from create_quote. ' +
    'Pass an idempotency_key to retry safely. Next: confirm_booking (or release_hold if the traveler changes their mind).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  mirrors: { controller: HoldsController, handler: 'create' },
  input: dtoArguments(CreateHoldRequestDto, { omit: [BODY_KEY_FIELD], describe: { quote_id: 'The quote to hold, from create_quote' } }),
  validate: ({ body }) => validBody(CreateHoldRequestDto, body),
  execute: ({ input, actor, idempotency, use }) => use(CreateHold).execute({ quoteId: input.quote_id, idempotency }, actor),
  summarize: ({ data, expires_at }) => `Hold ${(data as { hold_id: string }).hold_id} is held until ${expires_at}. Next: confirm_booking.`,
});
