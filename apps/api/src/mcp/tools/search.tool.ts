import { z } from 'zod';
import { SearchAvailability } from '@hcs/domain';
import { SearchController } from '../../search/search.controller';
import { SearchBodyPipe, ValidatedSearchBody } from '../../search/search-body.pipe';
import { searchCriteria } from '../../search/search-criteria';
import { defineTool } from '../mcp-tool';
import { guests, READ_ONLY, stay } from './tool-schemas';

const pipe = new SearchBodyPipe();

export const searchTool = defineTool<ValidatedSearchBody>({
  name: 'search',
  title: 'Search hotel availability',
  description:
    'Find hotel rooms available for a stay and party, ranked and explained (best offer per property, at most 20). Start here when the user wants a room. ' +
    'Each result comes with a ready create_quote body in next_actions (rel quote); prices here are indicative: call create_quote for the binding price and cancellation terms.',
  annotations: READ_ONLY,
  mirrors: { controller: SearchController, handler: 'execute' },
  input: {
    destination: z
      .object({ type: z.enum(['area', 'property']), value: z.string().min(1).max(200) })
      .strict()
      .optional()
      .describe('area: a city, region, country code or name; property: an id or slug. Omit to search every property'),
    stay,
    guests,
    constraints: z
      .object({
        max_price_per_night: z
          .object({ amount: z.number().int().min(0).describe('Minor units (EUR cents)'), currency: z.string().regex(/^[A-Z]{3}$/) })
          .strict()
          .optional(),
        meal_plan: z.string().optional().describe('e.g. room_only, breakfast'),
        cancellation: z.string().optional().describe('free_cancellation or non_refundable'),
      })
      .strict()
      .optional(),
  },
  validate: ({ body }) => pipe.transform(body),
  execute: ({ input, actor, use }) => use(SearchAvailability).execute(searchCriteria(input), actor),
  summarize: ({ data }) => `${(data as { results: unknown[] }).results.length} result(s); follow next_actions (rel quote) to price one.`,
});
