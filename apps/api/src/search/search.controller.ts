import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AnonymousCatalogRead, Scopes } from '@hcs/auth';
import { Outcome } from '@hcs/contracts';
import { Reader, SearchAvailability, SearchResults } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { CurrentCatalogReader } from '../http/catalog-reader.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { FlatSearchRequestDto, SearchRequestDto } from './dto/search.request.dto';
import { SearchResultsModel } from './dto/search.response.dto';
import { SearchBodyPipe, ValidatedSearchBody } from './search-body.pipe';
import { searchCriteria } from './search-criteria';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

@ApiTags('search')
@ReadsFromReplica()
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
  async execute(@Body(SearchBodyPipe) body: ValidatedSearchBody, @CurrentCatalogReader() reader: Reader): Promise<Outcome<SearchResults>> {
    return this.search.execute(searchCriteria(body), reader);
  }
}
