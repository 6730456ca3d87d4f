import { SearchAvailability } from '@hcs/domain';
import { SearchController } from '../../search/search.controller';
import { SearchBodyPipe, ValidatedSearchBody } from '../../search/search-body.pipe';
import { searchCriteria } from '../../search/search-criteria';
import { SearchRequestDto } from '../../search/dto/search.request.dto';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { GUESTS_DESCRIPTIONS, READ_ONLY, STAY_DESCRIPTIONS } from './tool-schemas';

const pipe = new SearchBodyPipe();

export const searchTool = defineTool<ValidatedSearchBody>({
  name: 'search',
  title: 'Search hotel availability',
  description:
    'Find hotel rooms available for a stay and party, ranked and explained (best offer per property, at most 20). Start here when the user wants a room. ' +
    'Each result comes with a ready create_quote body in next_actions (rel quote); prices here are indicative: call create_quote for the binding price and cancellation terms.',
  annotations: READ_ONLY,
  mirrors: { controller: SearchController, handler: 'execute' },
  // The nested body (the flat variant of the guides is REST-only); validated by SearchBodyPipe as on REST.
  input: dtoArguments(SearchRequestDto, {
    describe: {
      destination: 'area: a city, region, country code or name; property: an id or slug. Omit to search every property',
      ...STAY_DESCRIPTIONS,
      ...GUESTS_DESCRIPTIONS,
      'constraints.max_price_per_night.amount': 'Minor units (EUR cents)',
      'constraints.meal_plan': 'e.g. room_only, breakfast',
      'constraints.cancellation': 'free_cancellation or non_refundable',
    },
  }),
  validate: ({ body }) => pipe.transform(body),
  execute: ({ input, actor, use }) => use(SearchAvailability).execute(searchCriteria(input), actor),
  summarize: ({ data }) => `${(data as { results: unknown[] }).results.length} result(s); follow next_actions (rel quote) to price one.`,
});
