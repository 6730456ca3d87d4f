import { Controller, Get, HttpCode, UseFilters } from '@nestjs/common';
import { ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AccessTokens, OAuthError, Public, SkipRateLimit } from '@hcs/auth';
import { SCOPES } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { Bare } from '../http/bare.decorator';
import { AuthorizationServerMetadataModel, JwksModel, OAuthNotConfiguredModel, ProtectedResourceMetadataModel } from './dto/oauth.response.dto';
import { OAuthErrorFilter } from './oauth-error.filter';

const NOT_CONFIGURED = ApiNotFoundResponse({
  description: 'OAuth is not enabled (OAUTH_ENABLED=false): {error: oauth_metadata_not_configured}.',
  content: { 'application/json': { schema: { $ref: getSchemaPath(OAuthNotConfiguredModel) }, example: { error: 'oauth_metadata_not_configured' } } },
});

/**
 * OAuth discovery: authorization server metadata (RFC 8414, also served as the OpenID
 * configuration), protected resource metadata (RFC 9728) and the token signing keys (JWKS).
 */
@ApiTags('discovery')
@Public()
// Static, cacheable documents: not counted by the rate limiter (the token endpoint is).
@SkipRateLimit()
@Bare()
@UseFilters(OAuthErrorFilter)
@ApiExtraModels(OAuthNotConfiguredModel)
@Controller('.well-known')
export class OAuthMetadataController {
  constructor(
    private readonly config: AppConfig,
    private readonly tokens: AccessTokens,
  ) {}

  @Get('oauth-authorization-server')
  @ApiOperation({
    summary: 'OAuth 2.0 authorization server metadata (RFC 8414).',
    description:
      'The issuer, token endpoint, signing keys address, the client_credentials grant, the client authentication methods and the scopes a token can carry.',
  })
  @ApiOkResponse({ description: 'Authorization server metadata (bare).', type: AuthorizationServerMetadataModel })
  @NOT_CONFIGURED
  authorizationServer() {
    return this.serverMetadata();
  }

  @Get('openid-configuration')
  @ApiOperation({
    summary: 'The same metadata at the OpenID discovery address.',
    description: 'The authorization server metadata of /.well-known/oauth-authorization-server, for clients that look it up at the OpenID address.',
  })
  @ApiOkResponse({ description: 'Authorization server metadata (bare).', type: AuthorizationServerMetadataModel })
  @NOT_CONFIGURED
  openidConfiguration() {
    return this.serverMetadata();
  }

  @Get('oauth-protected-resource')
  @ApiOperation({
    summary: 'OAuth 2.0 protected resource metadata (RFC 9728).',
    description:
      'The REST API as a protected resource: its authorization server, the bearer in the Authorization header, its scopes, and the MCP endpoint where the same bearer works.',
  })
  @ApiOkResponse({ description: 'Protected resource metadata (bare).', type: ProtectedResourceMetadataModel })
  @NOT_CONFIGURED
  protectedResource() {
    // Extra field beside RFC 9728's: where the same bearer also works, over MCP.
    return { ...this.resourceMetadata(this.config.baseUrl), mcp_endpoint: `${this.config.mcpUrl}/mcp` };
  }

  @Get('oauth-protected-resource/mcp')
  @ApiOperation({
    summary: 'Protected resource metadata of the MCP endpoint (RFC 9728 path-suffixed form, which MCP clients look up first).',
    description: 'The MCP endpoint (MCP_URL/mcp) as a protected resource: its authorization server, the bearer in the Authorization header and its scopes.',
  })
  @ApiOkResponse({ description: 'Protected resource metadata (bare) whose resource is MCP_URL/mcp.', type: ProtectedResourceMetadataModel })
  @NOT_CONFIGURED
  mcpProtectedResource() {
    return this.resourceMetadata(`${this.config.mcpUrl}/mcp`);
  }

  private resourceMetadata(resource: string) {
    this.requireOAuth();
    return {
      resource,
      authorization_servers: [this.config.baseUrl],
      bearer_methods_supported: ['header'],
      scopes_supported: [...SCOPES],
      resource_documentation: this.config.docsUrl,
    };
  }

  @Get('jwks.json')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Public keys that verify our access tokens (retired keys stay until their tokens expire).',
    description: 'The JWK set of the access token signing keys, served whether or not OAuth is enabled.',
  })
  @ApiOkResponse({ description: 'JWK set (bare); served even with OAUTH_ENABLED=false.', type: JwksModel })
  jwks() {
    return this.tokens.jwks();
  }

  private serverMetadata() {
    this.requireOAuth();
    const base = this.config.baseUrl;
    return {
      issuer: base,
      token_endpoint: `${base}/oauth/token`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: [...SCOPES],
      // Extras a standard asks for (RFC 8414 requires response_types_supported).
      response_types_supported: ['token'],
      service_documentation: this.config.docsUrl,
    };
  }

  private requireOAuth(): void {
    // Flat `{error: oauth_metadata_not_configured}` 404 (RFC 6749 style, docs/api-contract.md "Error envelope"), like the other OAuth answers.
    if (!this.config.oauthEnabled) throw new OAuthError('oauth_metadata_not_configured');
  }
}
