import { Body, Controller, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NextAction, Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { GetDelegationIssuer, ListDelegationIssuers, RegisterDelegationIssuer, UpdateDelegationIssuerStatus } from '@hcs/domain';
import { issuerJson } from './delegation-issuer.presenter';
import { RegisterDelegationIssuerRequestDto, UpdateDelegationIssuerRequestDto } from './dto/delegation-issuers.request.dto';

const getIssuer = (id: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/delegation-issuers/${id}` });

/** Tenant admins register the identity providers whose traveler delegations their tenant trusts. */
@ApiTags('admin')
@ApiBearerAuth()
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
  async create(@CurrentActor() actor: Actor, @Body() body: RegisterDelegationIssuerRequestDto): Promise<Outcome> {
    const issuer = await this.register.execute(actor, { iss: body.iss, name: body.name, jwksUrl: body.jwks_url, jwks: body.jwks, allowedAudiences: body.allowed_audiences });
    return new Outcome(issuerJson(issuer), { next_actions: [getIssuer(issuer.id)] });
  }

  @Get()
  @ApiOperation({ summary: "List this tenant's delegation issuers." })
  async index(@CurrentActor() actor: Actor): Promise<Outcome> {
    return new Outcome({ items: (await this.list.execute(actor)).map(issuerJson) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read a delegation issuer.' })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<Outcome> {
    return new Outcome(issuerJson(await this.getIssuerUseCase.execute(actor, id)));
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Suspend, reactivate or revoke (final) a delegation issuer; applies to the next request.' })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UpdateDelegationIssuerRequestDto): Promise<Outcome> {
    const issuer = await this.updateStatus.execute(actor, id, body.status);
    return new Outcome(issuerJson(issuer), { next_actions: [getIssuer(issuer.id)] });
  }
}
