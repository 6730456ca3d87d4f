import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SCOPES } from '@hcs/domain';

/** `POST /oauth/token` request (RFC 6749 §4.4), JSON or form-encoded with the same names. No other field. */
export class TokenRequestModel {
  @ApiProperty({ enum: ['client_credentials'] }) grant_type: string;
  @ApiPropertyOptional({ example: 'catalog:read booking:write', description: 'Space-separated subset of the agent scopes; all of them when omitted.' })
  scope?: string;
  @ApiPropertyOptional({ format: 'uuid', description: 'The agent id (client_secret_post); or send HTTP Basic instead, not both.' }) client_id?: string;
  @ApiPropertyOptional({ description: 'The agent secret (client_secret_post).' }) client_secret?: string;
}

/** `TokenResponse` (libs/auth/src/oauth/oauth-token.service.ts), flat, `Cache-Control: no-store`. */
export class TokenResponseModel {
  @ApiProperty({ description: 'An ES256 JWT (typ at+jwt).' }) access_token: string;
  @ApiProperty({ enum: ['Bearer'] }) token_type: string;
  @ApiProperty({ type: 'integer', minimum: 1, example: 3600 }) expires_in: number;
  @ApiProperty({ example: 'catalog:read booking:read booking:write', description: 'Granted scopes, space-separated.' }) scope: string;
}

/** RFC 6749 §5.2 error: flat, outside the error envelope. */
export class OAuthErrorModel {
  @ApiProperty({ enum: ['invalid_request', 'invalid_client', 'unsupported_grant_type', 'invalid_scope'] }) error: string;
  @ApiPropertyOptional() error_description?: string;
}

/** `{error: oauth_not_configured}` or `{error: oauth_metadata_not_configured}` with OAUTH_ENABLED=false. */
export class OAuthNotConfiguredModel {
  @ApiProperty({ enum: ['oauth_not_configured', 'oauth_metadata_not_configured'] }) error: string;
}

/** RFC 8414 authorization server metadata (also the OpenID configuration). */
export class AuthorizationServerMetadataModel {
  @ApiProperty({ format: 'uri' }) issuer: string;
  @ApiProperty({ format: 'uri' }) token_endpoint: string;
  @ApiProperty({ format: 'uri' }) jwks_uri: string;
  @ApiProperty({ type: [String], example: ['client_credentials'] }) grant_types_supported: string[];
  @ApiProperty({ type: [String], example: ['client_secret_basic', 'client_secret_post'] }) token_endpoint_auth_methods_supported: string[];
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes_supported: string[];
  @ApiProperty({ type: [String], example: ['token'], description: 'Required by RFC 8414; there is no authorization endpoint.' })
  response_types_supported: string[];
  @ApiProperty({ format: 'uri' }) service_documentation: string;
}

/** RFC 9728 protected resource metadata. */
export class ProtectedResourceMetadataModel {
  @ApiProperty({ format: 'uri' }) resource: string;
  @ApiProperty({ type: [String] }) authorization_servers: string[];
  @ApiProperty({ type: [String], example: ['header'] }) bearer_methods_supported: string[];
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes_supported: string[];
  @ApiProperty({ format: 'uri' }) resource_documentation: string;
  @ApiPropertyOptional({ format: 'uri', description: 'Extra: the MCP endpoint that takes the same bearer (only on the root document).' }) mcp_endpoint?: string;
}

/** A public signing key (`publicJwk`, libs/auth/src/tokens/signing-keys.service.ts). */
export class PublicJwkModel {
  @ApiProperty({ example: 'EC' }) kty: string;
  @ApiPropertyOptional({ example: 'P-256' }) crv?: string;
  @ApiPropertyOptional() x?: string;
  @ApiPropertyOptional() y?: string;
  @ApiPropertyOptional() n?: string;
  @ApiPropertyOptional() e?: string;
  @ApiProperty({ description: 'RFC 7638 thumbprint.' }) kid: string;
  @ApiProperty({ example: 'ES256' }) alg: string;
  @ApiProperty({ enum: ['sig'] }) use: string;
}

export class JwksModel {
  @ApiProperty({ type: [PublicJwkModel] }) keys: PublicJwkModel[];
}
