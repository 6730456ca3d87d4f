import { ReleaseHold } from '@hcs/domain';
import { HoldsController } from '../../holds/holds.controller';
import { defineTool } from '../mcp-tool';
import { noOtherArguments, omit, validUuid } from '../mcp-validation';
import { UUID } from './tool-schemas';

export const releaseHoldTool = defineTool<{ holdId: string }>({
  name: 'release_hold',
  title: 'Release a hold',
  description:
    'Give a held room back at once (state released) when the traveler will not book it. Next: create_quote again if they want another room or dates.',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  mirrors: { controller: HoldsController, handler: 'release' },
  input: { hold_id: UUID.describe('The hold to release') },
  request: (args) => ({ params: { id: args.hold_id }, body: omit(args, 'hold_id') }),
  validate: ({ params, body }) => {
    noOtherArguments(body);
    return { holdId: validUuid(params.id, 'hold_id') };
  },
  execute: ({ input, actor, use }) => use(ReleaseHold).execute(input, actor),
  summarize: ({ data }) => `Hold ${(data as { hold_id: string }).hold_id} released.`,
});
