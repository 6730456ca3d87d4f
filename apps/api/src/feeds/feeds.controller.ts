import { Controller, Get, Headers, Query, UseInterceptors } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { Readable } from 'node:stream';
import { Public } from '@hcs/auth';
import { anonymousCaller, ARI_DAYS, ConditionalRequest, GetAriFeed, GetHotelListFeed, GetPointOfSaleFeed } from '@hcs/domain';
import { Bare } from '../http/bare.decorator';
import { ApiErrors } from '../http/openapi/api-envelope.decorator';
import { AriQueryDto, HotelListQueryDto, PointOfSaleQueryDto } from './dto/feeds.request.dto';
import { acceptsGzip } from './accepts-gzip';
import { FeedRenderCache } from './cache/feed-render-cache';
import { FeedResponse } from './feed-response';
import { FeedResponseInterceptor } from './feed-response.interceptor';
import { ariXml } from './xml/ari.xml';
import { hotelListXml } from './xml/hotel-list.xml';
import { pointOfSaleXml } from './xml/point-of-sale.xml';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

const xmlDocument = (description: string) =>
  ApiOkResponse({
    description,
    content: { 'application/xml': { schema: { type: 'string' } } },
    headers: {
      ETag: { description: 'Strong validator derived from the last change of the data shown.', schema: { type: 'string' } },
      'Last-Modified': { description: 'When the data shown last changed.', schema: { type: 'string' } },
      'Cache-Control': { description: 'public, max-age=60', schema: { type: 'string' } },
      'Content-Encoding': { description: '`gzip` when the request accepts it (the stored copy as it is); absent otherwise.', schema: { type: 'string' } },
      Vary: { description: 'Accept-Encoding', schema: { type: 'string' } },
    },
  });
const notModified = () => ApiResponse({ status: 304, description: 'If-None-Match or If-Modified-Since matched: no body, the validators again.' });
function conditional(ifNoneMatch?: string, ifModifiedSince?: string): ConditionalRequest {
  return { ifNoneMatch, ifModifiedSince };
}

/**
 * Google Hotel feeds for metasearch partners (docs/feeds.md): anonymous (the reader is an
 * `AnonymousCaller` of the `tenant_id` named), rate limited per client
 * IP like other public reads, answered 304 from the validators alone when the partner's copy is
 * current, otherwise from the rendered copy of the current ETag (rendered once, shared by every
 * process: FeedRenderCache).
 */
@ApiTags('feeds')
@Public()
@Bare()
@UseInterceptors(FeedResponseInterceptor)
@ReadsFromReplica()
@Controller('feeds/google')
export class FeedsController {
  constructor(
    private readonly hotelList: GetHotelListFeed,
    private readonly ari: GetAriFeed,
    private readonly pointOfSale: GetPointOfSaleFeed,
    private readonly renders: FeedRenderCache,
  ) {}

  @Get('hotel-list.xml')
  @ApiOperation({
    summary: 'Google Hotel List feed of the tenant’s promoted properties',
    description: 'Properties in id order; an unknown tenant gets an empty list.',
  })
  @ApiProduces('application/xml')
  @xmlDocument('The hotel list (`<listings>`).')
  @notModified()
  @ApiErrors('validation_failed')
  async getHotelList(
    @Query() query: HotelListQueryDto,
    @Headers('if-none-match') ifNoneMatch?: string,
    @Headers('if-modified-since') ifModifiedSince?: string,
    @Headers('accept-encoding') acceptEncoding?: string,
  ): Promise<FeedResponse> {
    const tenantId = query.tenant_id.toLowerCase();
    const { data: read } = await this.hotelList.execute({ conditional: conditional(ifNoneMatch, ifModifiedSince) }, anonymousCaller(tenantId));
    if (read.notModified) return FeedResponse.notModified(read.validators);
    const copy = await this.renders.rendered(`hotel-list:${tenantId}`, read.validators.etag, () => hotelListXml(read.document));
    return FeedResponse.fromCopy(read.validators, copy.gzip, acceptsGzip(acceptEncoding));
  }

  @Get('ari.xml')
  @ApiOperation({
    summary: 'Google ARI Transaction message (pull form): rooms, packages and a Result per property and check-in date',
    description: `Rates, taxes, fees, rooms left and refundability for \`days\` (${ARI_DAYS.min}-${ARI_DAYS.max}, default ${ARI_DAYS.default}) check-in dates from today at each property; prices are those of a one-night quote.`,
  })
  @ApiProduces('application/xml')
  @xmlDocument('The Transaction message.')
  @notModified()
  @ApiErrors('validation_failed')
  async getAri(
    @Query() query: AriQueryDto,
    @Headers('if-none-match') ifNoneMatch?: string,
    @Headers('if-modified-since') ifModifiedSince?: string,
    @Headers('accept-encoding') acceptEncoding?: string,
  ): Promise<FeedResponse> {
    const tenantId = query.tenant_id.toLowerCase();
    const days = query.days ?? ARI_DAYS.default;
    const { data: read } = await this.ari.execute({ days, conditional: conditional(ifNoneMatch, ifModifiedSince), now: new Date() }, anonymousCaller(tenantId));
    if (read.notModified) return FeedResponse.notModified(read.validators);
    const copy = await this.renders.rendered(`ari:${tenantId}:${days}`, read.validators.etag, () => ariXml(read.document));
    return FeedResponse.fromCopy(read.validators, copy.gzip, acceptsGzip(acceptEncoding));
  }

  @Get('pointofsale.xml')
  @ApiOperation({ summary: 'Google point-of-sale (landing pages) file', description: 'One landing page on SITE_URL with Google’s URL variables.' })
  @ApiProduces('application/xml')
  @xmlDocument('The points of sale (`<PointsOfSale>`).')
  @notModified()
  @ApiErrors('validation_failed')
  async getPointOfSale(
    @Query() _query: PointOfSaleQueryDto,
    @Headers('if-none-match') ifNoneMatch?: string,
    @Headers('if-modified-since') ifModifiedSince?: string,
  ): Promise<FeedResponse> {
    const { data: read } = await this.pointOfSale.execute({ conditional: conditional(ifNoneMatch, ifModifiedSince) }, null);
    return new FeedResponse(read.validators, read.notModified ? null : Readable.from(pointOfSaleXml(read.document)));
  }
}
