import { Body, Controller, Header, Headers, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { OAuthTokenService, Public, TokenResponse } from '@hcs/auth';
import { Bare } from '../http/bare.decorator';
import { OAuthErrorFilter } from './oauth-error.filter';

/** `POST /oauth/token`: the client_credentials grant for agents (RFC 6749 §4.4). */
@ApiTags('oauth')
@Public()
@Bare()
@UseFilters(OAuthErrorFilter)
@Controller('oauth')
export class OAuthTokenController {
  constructor(private readonly tokens: OAuthTokenService) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiOperation({
    summary: 'Exchange agent credentials (client_id = agent id, client_secret = its secret; HTTP Basic or body) for an access token.',
  })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['grant_type'],
      additionalProperties: false,
      properties: {
        grant_type: { type: 'string', enum: ['client_credentials'] },
        scope: { type: 'string', description: 'Space-separated subset of the agent scopes; all of them when omitted.' },
        client_id: { type: 'string', format: 'uuid' },
        client_secret: { type: 'string' },
      },
    },
  })
  // The body is read as-is (JSON or form): failures must be flat OAuth errors, not validation_failed.
  token(@Body() body: unknown, @Headers('authorization') authorization?: string): Promise<TokenResponse> {
    return this.tokens.issue({ body, authorization });
  }
}
