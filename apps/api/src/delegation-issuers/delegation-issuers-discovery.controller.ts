import { Controller, Get, Headers } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public, SkipRateLimit } from '@hcs/auth';
import { ListPublicDelegationIssuers } from '@hcs/domain';
import { Bare } from '../http/bare.decorator';
import { PublicDelegationIssuersModel } from './dto/delegation-issuers.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/** `GET /.well-known/delegation-issuers`: whom the platform (and optionally a tenant) trusts. */
@ApiTags('discovery')
@Public()
// The bare list is one cached document: not counted by the rate limiter (the token endpoint is).
// With X-Tenant-Id each hint may cost a lookup, so it is counted per client IP like other public routes.
@SkipRateLimit({ unlessHeader: 'X-Tenant-Id' })
@Bare()
@ReadsFromReplica()
@Controller('.well-known')
export class DelegationIssuersDiscoveryController {
  constructor(private readonly issuers: ListPublicDelegationIssuers) {}

  @Get('delegation-issuers')
  @ApiOperation({
    summary: 'Platform delegation issuers, plus those of the tenant named by X-Tenant-Id when given.',
    description: 'Whom the service trusts to sign traveler delegations (X-Delegated-User): each issuer with its status, JWKS URL and allowed audiences.',
  })
  @ApiHeader({
    name: 'X-Tenant-Id',
    required: false,
    description: "Optional hint: adds that tenant's own issuers to the list (an unknown or malformed id adds nothing).",
    schema: { type: 'string', format: 'uuid' },
  })
  @ApiOkResponse({
    description: 'Every platform issuer in any status, plus those of the tenant named by X-Tenant-Id (bare, no envelope).',
    type: PublicDelegationIssuersModel,
  })
  async list(@Headers('X-Tenant-Id') tenantId?: string) {
    return (await this.issuers.execute({ tenantHint: tenantId }, null)).data;
  }
}
