import { GetPropertyDetail } from '@hcs/domain';
import { CurrencyQueryDto } from '../../properties/dto/properties.request.dto';
import { PropertiesController } from '../../properties/properties.controller';
import { dtoArguments } from '../dto-arguments';
import { defineTool } from '../mcp-tool';
import { omit, validBody, validUuid } from '../mcp-validation';
import { CURRENCY_DESCRIPTIONS, READ_ONLY, UUID } from './tool-schemas';

export const getPropertyTool = defineTool<{ id: string; query: CurrencyQueryDto }>({
  name: 'get_property',
  title: 'Read a property',
  description:
    'Read one property by id (hotel_id of a search result): address, geo, room types with occupancy and their rate plans. Use it to pick a room type and rate plan before create_quote.',
  annotations: READ_ONLY,
  mirrors: { controller: PropertiesController, handler: 'getProperty' },
  input: {
    property_id: UUID.describe('The property id (hotel_id in search results)'),
    ...dtoArguments(CurrencyQueryDto, { describe: CURRENCY_DESCRIPTIONS }),
  },
  request: (args) => ({ params: { id: args.property_id }, body: omit(args, 'property_id') }),
  validate: ({ params, body }) => ({ id: validUuid(params.id, 'property_id'), query: validBody(CurrencyQueryDto, body, 'query') }),
  execute: ({ input, actor, use }) => use(GetPropertyDetail).execute({ propertyId: input.id, currency: input.query.currency }, actor),
  summarize: ({ data }) => `Property ${(data as { name: string }).name} with its room types and rate plans.`,
});
