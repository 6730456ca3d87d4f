import { Body, Controller, Header, Headers, HttpCode, Ip, Post, UseFilters } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, ApiHeader, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AuthFailureThrottle, OAuthTokenService, Public, TokenResponse } from '@hcs/auth';
import { Bare } from '../http/bare.decorator';
import { OAuthErrorModel, OAuthNotConfiguredModel, TokenRequestModel, TokenResponseModel } from './dto/oauth.response.dto';
import { OAuthErrorFilter } from './oauth-error.filter';

const oauthError = (description: string, examples: Record<string, { error: string; error_description?: string }>) => ({
  description,
  content: {
    'application/json': {
      schema: { $ref: getSchemaPath(OAuthErrorModel) },
      examples: Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }])),
    },
  },
});

/** `POST /oauth/token`: the client_credentials grant for agents (RFC 6749 §4.4). */
@ApiTags('oauth')
@Public()
@Bare()
@UseFilters(OAuthErrorFilter)
@ApiExtraModels(TokenRequestModel, OAuthErrorModel, OAuthNotConfiguredModel)
@Controller('oauth')
export class OAuthTokenController {
  constructor(
    private readonly tokens: OAuthTokenService,
    private readonly throttle: AuthFailureThrottle,
  ) {}

  @Post('token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @Header('Pragma', 'no-cache')
  @ApiOperation({
    summary: 'Exchange agent credentials (client_id = agent id, client_secret = its secret; HTTP Basic or body) for an access token.',
    description:
      "The client_credentials grant (RFC 6749 §4.4): the token carries the requested scopes (all of the agent's when scope is absent; invalid_scope for one the agent lacks) and is the bearer of REST and MCP calls. Answers and errors are flat OAuth JSON, not the envelope; rate_limited alone is the error envelope.",
  })
  @ApiConsumes('application/json', 'application/x-www-form-urlencoded')
  @ApiBody({ type: TokenRequestModel, description: 'No other field is allowed (invalid_request).' })
  @ApiHeader({
    name: 'Authorization',
    required: false,
    description: 'Basic base64(client_id:client_secret) (client_secret_basic), instead of the body fields; not both.',
  })
  @ApiResponse({ status: 200, description: 'Flat token response (no envelope), Cache-Control: no-store.', type: TokenResponseModel })
  @ApiResponse({
    status: 400,
    ...oauthError('Flat OAuth error (RFC 6749 §5.2): invalid_request, unsupported_grant_type or invalid_scope.', {
      invalid_request: { error: 'invalid_request', error_description: 'grant_type is required.' },
      unsupported_grant_type: { error: 'unsupported_grant_type', error_description: 'Only the client_credentials grant is supported.' },
      invalid_scope: { error: 'invalid_scope', error_description: 'The agent does not have: booking:write.' },
    }),
  })
  @ApiResponse({
    status: 401,
    ...oauthError('Flat OAuth error invalid_client (WWW-Authenticate: Basic when Basic was used).', {
      invalid_client: { error: 'invalid_client', error_description: 'Client authentication failed.' },
    }),
  })
  @ApiResponse({
    status: 429,
    description:
      'rate_limited (error envelope, Retry-After): the client address is over its per-minute budget, or over AUTH_FAILURE_LIMIT_PER_MINUTE failed authentications (detail.scope ip_auth_failures; a client secret this process already knows to be valid is not refused for it).',
  })
  @ApiResponse({
    status: 404,
    description: 'OAuth is not enabled (OAUTH_ENABLED=false): {error: oauth_not_configured}.',
    content: { 'application/json': { schema: { $ref: getSchemaPath(OAuthNotConfiguredModel) }, example: { error: 'oauth_not_configured' } } },
  })
  // The body is read as-is (JSON or form): failures must be flat OAuth errors, not validation_failed.
  // (Nest reads @Headers() names case-insensitively; this spelling matches the documented header.)
  // Failed client authentications count toward the per-address rule like failed bearers.
  token(@Body() body: unknown, @Ip() ip: string, @Headers('Authorization') authorization?: string): Promise<TokenResponse> {
    return this.tokens.issue({ body, authorization }, this.throttle.gate(ip));
  }
}
