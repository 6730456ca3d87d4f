import { GetPropertyFull } from '@hcs/domain';
import { CurrencyQueryDto, PropertySlugParamsDto } from '../../properties/dto/properties.request.dto';
import { PropertiesController } from '../../properties/properties.controller';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody } from '../mcp-validation';
import { CURRENCY_DESCRIPTIONS, READ_ONLY } from './tool-schemas';

export const getPropertyFullTool = defineTool<{ slug: string; query: CurrencyQueryDto }>({
  name: 'get_property_full',
  title: 'Read a property in full',
  description:
    'Read the full read model of a property by slug: amenities, contact, check-in and check-out times, pets, policies, room types. Use it to answer questions about the hotel; prices and cancellation terms still come from create_quote.',
  annotations: READ_ONLY,
  mirrors: { controller: PropertiesController, handler: 'getPropertyFull' },
  input: {
    ...dtoArguments(PropertySlugParamsDto, { describe: { slug: 'The property slug, e.g. lisbon-riverside' } }),
    ...dtoArguments(CurrencyQueryDto, { describe: CURRENCY_DESCRIPTIONS }),
  },
  request: (args) => ({ params: { slug: args.slug }, body: omit(args, 'slug') }),
  validate: ({ params, body }) => ({
    slug: validBody(PropertySlugParamsDto, params, 'query').slug,
    query: validBody(CurrencyQueryDto, body, 'query'),
  }),
  execute: ({ input, actor, use }) => use(GetPropertyFull).execute({ slug: input.slug, currency: input.query.currency }, actor),
  summarize: ({ data }) => `Full read model of ${(data as { name: string }).name}.`,
});
