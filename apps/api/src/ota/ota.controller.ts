import { Body, Controller, Header, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor, PrincipalKinds, Scopes } from '@hcs/auth';
import { DomainError, isOtaMessage, OTA_MESSAGES, ReceiveOtaMessage } from '@hcs/domain';
import { Bare } from '../http/bare.decorator';
import { ApiErrors } from '../http/openapi/api-envelope.decorator';

/** Media types an OpenTravel message may be posted as. */
export const OTA_MEDIA_TYPES = ['application/xml', 'text/xml'];
/** The largest message body taken (docs/channels.md); a larger one is `413 payload_too_large`. */
export const OTA_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Channel managers in (docs/channels.md): an OpenTravel ARI message as plain XML, answered with its
 * RS (HTTP 200, `<Success/>` or `<Errors>`). Credential failures and unknown message names are the
 * JSON error envelope, as on every other route.
 */
@ApiTags('channels')
@ApiBearerAuth()
@ApiBasicAuth()
@PrincipalKinds('channel')
@Scopes('ari:write')
@Bare()
@Controller('ota/v1')
export class OtaController {
  constructor(private readonly receive: ReceiveOtaMessage) {}

  @Post(':message')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send an OpenTravel ARI message (OTA_HotelAvailNotifRQ, OTA_HotelRateAmountNotifRQ, OTA_HotelInvCountNotifRQ).',
    description:
      'Plain XML in the http://www.opentravel.org/OTA/2003/05 namespace, up to 16 MB. Applied all or nothing; the answer is the matching RS with Success and Warnings or with Errors, one per bad element. A DOCTYPE is refused. See docs/channels.md.',
  })
  @ApiConsumes(...OTA_MEDIA_TYPES)
  @ApiBody({ schema: { type: 'string', description: 'The OpenTravel RQ document.' } })
  @ApiProduces('application/xml')
  @ApiOkResponse({ description: 'The matching RS document.', content: { 'application/xml': { schema: { type: 'string' } } } })
  @ApiErrors('ota_message_unknown', 'payload_too_large', 'unsupported_media_type')
  @Header('Content-Type', 'application/xml; charset=utf-8')
  async post(@CurrentActor() actor: Actor, @Param('message') message: string, @Body() raw: unknown): Promise<string> {
    if (!isOtaMessage(message)) throw new DomainError('ota_message_unknown', { detail: { message, accepted: [...OTA_MESSAGES] } });
    // The raw parser mounted at /ota (bootstrap.ts) leaves the bytes; no body at all is an empty document.
    const body = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
    return (await this.receive.execute({ message, body }, actor)).xml;
  }
}
