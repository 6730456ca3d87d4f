import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AnonymousCatalogRead, Scopes } from '@hcs/auth';
import { Outcome } from '@hcs/contracts';
import { GetPropertyDetail, GetPropertyFull, ListProperties, PropertyDetail, PropertyFull, PropertyPage, Reader } from '@hcs/domain';
import { Capability } from '../discovery/capability.decorator';
import { CurrentCatalogReader } from '../http/catalog-reader.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { PageQueryDto } from '../http/dto/page.query.dto';
import { CurrencyQueryDto, PropertyIdParamsDto, PropertySlugParamsDto } from './dto/properties.request.dto';
import { PropertyDetailModel, PropertyFullModel, PropertyPageModel } from './dto/properties.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/**
 * Public catalog reads. Every caller (agent, admin or anonymous with X-Tenant-Id) sees only the
 * promoted properties of its tenant; admins read unpromoted ones under /v1/admin/properties.
 */
@ApiTags('properties')
@AnonymousCatalogRead()
@Scopes('catalog:read')
@ReadsFromReplica()
@Controller('v1/properties')
export class PropertiesController {
  constructor(
    private readonly list: ListProperties,
    private readonly detail: GetPropertyDetail,
    private readonly full: GetPropertyFull,
  ) {}

  @Get()
  @Capability({
    id: 'list_properties',
    description: 'List the promoted properties of the tenant, ordered by slug, with cursor pagination.',
    next_rel: 'get',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'List properties',
    description: 'Promoted properties ordered by slug; `limit` (1-100, default 20) and an opaque `cursor` from `data.next_cursor`.',
  })
  @ApiEnvelope(PropertyPageModel, { description: 'One page of properties.', errors: ['validation_failed'] })
  async listProperties(@Query() query: PageQueryDto, @CurrentCatalogReader() reader: Reader): Promise<Outcome<PropertyPage>> {
    return this.list.execute({ limit: query.limit ?? 20, cursor: query.cursor }, reader);
  }

  @Get(':id')
  @Capability({
    id: 'get_property',
    description: 'Read a property with its room types and rate plans; ?currency= converts display prices.',
    next_rel: 'quote',
    idempotent: true,
  })
  @ApiOperation({
    summary: 'Read a property',
    description:
      'A promoted property with room_types[] and their rate_plans[]. A non-UUID id is validation_failed; an unknown id, or one of another tenant, is property_not_found.',
  })
  @ApiEnvelope(PropertyDetailModel, { description: 'The property with room types and rate plans.', errors: ['validation_failed', 'property_not_found'] })
  async getProperty(
    @Param() params: PropertyIdParamsDto,
    @Query() query: CurrencyQueryDto,
    @CurrentCatalogReader() reader: Reader,
  ): Promise<Outcome<PropertyDetail>> {
    return this.detail.execute({ propertyId: params.id, currency: query.currency }, reader);
  }

  @Get(':slug/full')
  @Capability({
    id: 'get_property_full',
    description: 'Read the full read model of a property by slug: amenities, contact, times, policies, room types.',
    next_rel: 'quote',
    idempotent: true,
  })
  @ApiOperation({ summary: 'Read the full property read model by slug' })
  @ApiEnvelope(PropertyFullModel, { description: 'The full read model.', errors: ['validation_failed', 'property_not_found'] })
  async getPropertyFull(
    @Param() params: PropertySlugParamsDto,
    @Query() query: CurrencyQueryDto,
    @CurrentCatalogReader() reader: Reader,
  ): Promise<Outcome<PropertyFull>> {
    return this.full.execute({ slug: params.slug, currency: query.currency }, reader);
  }
}
