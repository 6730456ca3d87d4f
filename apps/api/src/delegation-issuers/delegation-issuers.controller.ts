import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { GetDelegationIssuer, ListDelegationIssuers, RegisterDelegationIssuer, UpdateDelegationIssuerStatus } from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { RegisterDelegationIssuerRequestDto, UpdateDelegationIssuerRequestDto } from './dto/delegation-issuers.request.dto';
import { DelegationIssuerListModel, DelegationIssuerModel } from './dto/delegation-issuers.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/** Tenant admins register the identity providers whose traveler delegations their tenant trusts. */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/delegation-issuers')
export class DelegationIssuersController {
  constructor(
    private readonly register: RegisterDelegationIssuer,
    private readonly list: ListDelegationIssuers,
    private readonly getIssuerUseCase: GetDelegationIssuer,
    private readonly updateStatus: UpdateDelegationIssuerStatus,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Trust a delegation issuer for this tenant (inline jwks or jwks_url).' })
  @ApiEnvelope(DelegationIssuerModel, {
    status: 201,
    description: 'The registered issuer; next_actions: get. A duplicate iss, bad keys or a jwks_url that is not https to a public host is validation_failed.',
    errors: ['validation_failed'],
  })
  create(@CurrentActor() actor: Actor, @Body() body: RegisterDelegationIssuerRequestDto): Promise<Outcome> {
    return this.register.execute({ iss: body.iss, name: body.name, jwksUrl: body.jwks_url, jwks: body.jwks, allowedAudiences: body.allowed_audiences }, actor);
  }

  @Get()
  @ReadsFromReplica()
  @ApiOperation({
    summary: "List this tenant's delegation issuers.",
    description: "The issuers this tenant has registered to sign traveler delegations; the platform's own are at /.well-known/delegation-issuers.",
  })
  @ApiEnvelope(DelegationIssuerListModel, { description: "The tenant's own issuers (platform issuers are at /.well-known/delegation-issuers)." })
  index(@CurrentActor() actor: Actor): Promise<Outcome> {
    return this.list.execute({}, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a delegation issuer.' })
  @ApiEnvelope(DelegationIssuerModel, { description: 'The issuer.', errors: ['delegation_issuer_not_found'] })
  get(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.getIssuerUseCase.execute({ issuerId: id }, actor);
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend, reactivate or revoke (final) a delegation issuer; applies to the next request.' })
  @ApiEnvelope(DelegationIssuerModel, {
    description: 'The issuer with its new status; next_actions: get. Leaving revoked is validation_failed.',
    errors: ['validation_failed', 'delegation_issuer_not_found'],
  })
  update(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Body() body: UpdateDelegationIssuerRequestDto): Promise<Outcome> {
    return this.updateStatus.execute({ issuerId: id, status: body.status }, actor);
  }
}
