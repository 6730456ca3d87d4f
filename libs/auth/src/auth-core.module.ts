import { Global, Module } from '@nestjs/common';
import { BearerAuthenticator } from './credentials/bearer-authenticator';
import { CredentialLookup } from './credentials/credential-lookup';
import { KnownTenants } from './credentials/known-tenants';
import { DelegationVerifier } from './delegation/delegation-verifier';
import { TrustedIssuers } from './delegation/trusted-issuers';
import { DemoDelegationIssuer } from './delegation/demo-delegation-issuer';
import { OAuthTokenService } from './oauth/oauth-token.service';
import { AccessTokens } from './tokens/access-tokens.service';
import { SigningKeys } from './tokens/signing-keys.service';

const services = [
  SigningKeys,
  AccessTokens,
  CredentialLookup,
  KnownTenants,
  BearerAuthenticator,
  OAuthTokenService,
  TrustedIssuers,
  DelegationVerifier,
  DemoDelegationIssuer,
];

/**
 * Authentication services without HTTP or Redis: token signing and verification, credential
 * lookups, delegation verification, the demo issuer. The api, the MCP transport and the CLI use them.
 */
@Global()
@Module({ providers: services, exports: services })
export class AuthCoreModule {}
