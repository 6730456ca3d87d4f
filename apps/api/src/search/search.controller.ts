import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AnonymousCatalogRead, Scopes } from '@hcs/auth';
import { Outcome } from '@hcs/contracts';
import { NESTED_STAY_PATHS, SearchAvailability, SearchCriteria, SearchResults } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { CatalogReader, CurrentCatalogReader } from '../http/catalog-reader.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { FlatSearchRequestDto, SearchRequestDto } from './dto/search.request.dto';
import { SearchResultsModel } from './dto/search.response.dto';
import { SearchBodyPipe, ValidatedSearchBody } from './search-body.pipe';

const FLAT_STAY_PATHS = { checkIn: 'check_in', checkOut: 'check_out' };

function criteria(tenantId: string, input: ValidatedSearchBody): SearchCriteria {
  const { body } = input;
  const guests = { adults: body.guests.adults, children: (body.guests.children ?? []).map((c) => ({ age: c.age })) };
  const constraints = {
    max_price_per_night: body.constraints?.max_price_per_night ? { ...body.constraints.max_price_per_night } : undefined,
    meal_plan: body.constraints?.meal_plan,
    cancellation: body.constraints?.cancellation,
  };
  if (input.variant === 'flat') {
    const flat = input.body;
    return {
      tenantId,
      destination: flat.destination ? { type: 'area', value: flat.destination } : null,
      stay: { check_in: flat.check_in, check_out: flat.check_out },
      guests,
      constraints,
      stayPaths: FLAT_STAY_PATHS,
    };
  }
  const nested = input.body;
  return {
    tenantId,
    destination: nested.destination ? { type: nested.destination.type, value: nested.destination.value } : null,
    stay: { check_in: nested.stay.check_in, check_out: nested.stay.check_out },
    guests,
    constraints,
    stayPaths: NESTED_STAY_PATHS,
  };
}

@ApiTags('search')
@Controller('v1/search')
export class SearchController {
  constructor(private readonly search: SearchAvailability) {}

  @Post()
  @HttpCode(200)
  @AnonymousCatalogRead()
  @Scopes('catalog:read')
  @Capability({
    id: 'search',
    description: 'Find available room types for a stay and party, ranked and explained; each result comes with a ready quote body.',
    next_rel: 'quote',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Search availability',
    description:
      'Promoted properties with a room type that fits the party (adults + children <= max_occupancy) and has a room on every night, best offer per property, ranked with a human-readable explanation (at most 20 results). Stays of 1-30 nights, check-in from today (property time zone) up to 365 days ahead. Accepts the nested body of the spec or the flat variant (destination string, top-level check_in/check_out).',
  })
  @ApiExtraModels(SearchRequestDto, FlatSearchRequestDto)
  @ApiBody({ schema: { oneOf: [{ $ref: getSchemaPath(SearchRequestDto) }, { $ref: getSchemaPath(FlatSearchRequestDto) }] } })
  @ApiEnvelope(SearchResultsModel, { description: 'Ranked results; next_actions holds one ready `quote` per result.', errors: ['validation_failed'] })
  async execute(@Body(SearchBodyPipe) body: ValidatedSearchBody, @CurrentCatalogReader() reader: CatalogReader): Promise<Outcome<SearchResults>> {
    return this.search.execute(criteria(reader.tenantId, body));
  }
}
