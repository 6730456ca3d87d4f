import { Module } from '@nestjs/common';
import { GetDelegationIssuer } from './use-cases/get-delegation-issuer.use-case';
import { ListDelegationIssuers } from './use-cases/list-delegation-issuers.use-case';
import { ListPublicDelegationIssuers } from './use-cases/list-public-delegation-issuers.use-case';
import { RegisterDelegationIssuer } from './use-cases/register-delegation-issuer.use-case';
import { RegisterPlatformIssuer } from './use-cases/register-platform-issuer.use-case';
import { SetPlatformIssuerStatus } from './use-cases/set-platform-issuer-status.use-case';
import { UpdateDelegationIssuerStatus } from './use-cases/update-delegation-issuer-status.use-case';

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
