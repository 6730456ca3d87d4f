import { Module } from '@nestjs/common';
import { GetDelegationIssuer } from './get-delegation-issuer.use-case';
import { ListDelegationIssuers } from './list-delegation-issuers.use-case';
import { ListPublicDelegationIssuers } from './list-public-delegation-issuers.use-case';
import { RegisterDelegationIssuer } from './register-delegation-issuer.use-case';
import { RegisterPlatformIssuer } from './register-platform-issuer.use-case';
import { SetPlatformIssuerStatus } from './set-platform-issuer-status.use-case';
import { UpdateDelegationIssuerStatus } from './update-delegation-issuer-status.use-case';

const useCases = [
  RegisterDelegationIssuer,
  RegisterPlatformIssuer,
  ListDelegationIssuers,
  GetDelegationIssuer,
  UpdateDelegationIssuerStatus,
  ListPublicDelegationIssuers,
  SetPlatformIssuerStatus,
];

/** Use cases of delegation issuers (tenant admin routes, public list, operator CLI). */
@Module({ providers: useCases, exports: useCases })
export class DelegationModule {}
