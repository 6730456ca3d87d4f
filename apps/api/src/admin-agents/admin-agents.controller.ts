import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { NextAction, Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { CreateAgent, GetAgent, ListAgents, RevokeAgentCredential, RotateAgentCredential, UpdateAgent, validationFailed } from '@hcs/domain';
import { agentJson, credentialJson } from './agent.presenter';
import { CreateAgentRequestDto, UpdateAgentRequestDto } from './dto/admin-agents.request.dto';

const getAgent = (id: string): NextAction => ({ rel: 'get', method: 'GET', href: `/v1/admin/agents/${id}` });

/** Tenant admins manage their agents and the agents' credentials (CONTRACT §3). */
@ApiTags('admin')
@ApiBearerAuth()
@PrincipalKinds('admin')
@Controller('v1/admin/agents')
export class AdminAgentsController {
  constructor(
    private readonly createAgent: CreateAgent,
    private readonly listAgents: ListAgents,
    private readonly getAgentUseCase: GetAgent,
    private readonly updateAgent: UpdateAgent,
    private readonly rotateCredential: RotateAgentCredential,
    private readonly revokeCredential: RevokeAgentCredential,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an agent with its first credential; the secret is shown only in this response.' })
  async create(@CurrentActor() actor: Actor, @Body() body: CreateAgentRequestDto): Promise<Outcome> {
    const { agent, issued } = await this.createAgent.execute(actor, { name: body.name, scopes: body.scopes, bookingLimit: body.booking_limit ?? null });
    return new Outcome(
      { agent: agentJson(agent), credential: { id: issued.credential.id, secret: issued.secret, prefix: issued.credential.secretPrefix, created_at: issued.credential.createdAt.toISOString() } },
      { next_actions: [getAgent(agent.id)] },
    );
  }

  @Get()
  @ApiOperation({ summary: 'List the agents of the tenant.' })
  async list(@CurrentActor() actor: Actor): Promise<Outcome> {
    const agents = await this.listAgents.execute(actor);
    return new Outcome({ items: agents.map(agentJson) });
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read an agent with its credentials (ids, prefixes and dates; never secrets).' })
  async get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<Outcome> {
    const { agent, credentials } = await this.getAgentUseCase.execute(actor, id);
    return new Outcome({ ...agentJson(agent), credentials: credentials.map(credentialJson) });
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rename, disable or enable an agent, change its scopes or booking limit.' })
  async update(@CurrentActor() actor: Actor, @Param('id') id: string, @Body() body: UpdateAgentRequestDto): Promise<Outcome> {
    if (Object.values(body).every((v) => v === undefined)) throw validationFailed([{ path: '', message: 'give at least one of name, status, scopes, booking_limit' }]);
    const agent = await this.updateAgent.execute(actor, id, { name: body.name, status: body.status, scopes: body.scopes, bookingLimit: body.booking_limit });
    return new Outcome(agentJson(agent), { next_actions: [getAgent(agent.id)] });
  }

  @Post(':id/credentials')
  @HttpCode(201)
  @ApiOperation({ summary: 'Issue an additional credential (rotation); the old ones stay valid until revoked.' })
  async rotate(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<Outcome> {
    const { agent, issued } = await this.rotateCredential.execute(actor, id);
    return new Outcome(
      { agent: agentJson(agent), credential: { id: issued.credential.id, secret: issued.secret, prefix: issued.credential.secretPrefix, created_at: issued.credential.createdAt.toISOString() } },
      { next_actions: [getAgent(agent.id)] },
    );
  }

  @Delete(':id/credentials/:credentialId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a credential: its API key and the access tokens minted with it stop working.' })
  async revoke(@CurrentActor() actor: Actor, @Param('id') id: string, @Param('credentialId') credentialId: string): Promise<Outcome> {
    const credential = await this.revokeCredential.execute(actor, id, credentialId);
    return new Outcome(credentialJson(credential), { next_actions: [getAgent(id)] });
  }
}
