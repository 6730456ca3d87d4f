import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { CreateAgent, GetAgent, ListAgents, RevokeAgentCredential, RotateAgentCredential, UpdateAgent } from '@hcs/domain';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { CreateAgentRequestDto, UpdateAgentRequestDto } from './dto/admin-agents.request.dto';
import { AgentDetailModel, AgentListModel, AgentModel, AgentWithSecretModel, CredentialModel } from './dto/admin-agents.response.dto';
import { ReadsFromReplica } from '../http/reads-from-replica.decorator';

/** Tenant admins manage their agents and the agents' credentials (docs/api-contract.md "Identity, tenancy and scopes"). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
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
  @ApiEnvelope(AgentWithSecretModel, {
    status: 201,
    description: 'The agent and its first credential with the secret; next_actions: get.',
    errors: ['validation_failed'],
  })
  create(@CurrentActor() actor: Actor, @Body() body: CreateAgentRequestDto): Promise<Outcome> {
    return this.createAgent.execute({ name: body.name, scopes: body.scopes, bookingLimit: body.booking_limit ?? null }, actor);
  }

  @Get()
  @ReadsFromReplica()
  @ApiOperation({
    summary: 'List the agents of the tenant.',
    description: 'Every agent of the tenant with its status, scopes and booking limit, oldest first.',
  })
  @ApiEnvelope(AgentListModel, { description: 'Every agent of the tenant, oldest first.' })
  list(@CurrentActor() actor: Actor): Promise<Outcome> {
    return this.listAgents.execute({}, actor);
  }

  @Get(':id')
  @ApiOperation({ summary: 'Read an agent with its credentials (ids, prefixes and dates; never secrets).' })
  @ApiEnvelope(AgentDetailModel, {
    description: 'The agent with its credentials. An id that is not a UUID is validation_failed; one that names no agent of the tenant is agent_not_found.',
    errors: ['agent_not_found'],
  })
  get(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.getAgentUseCase.execute({ agentId: id }, actor);
  }

  @Patch(':id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rename, disable or enable an agent, change its scopes or booking limit.' })
  @ApiEnvelope(AgentModel, { description: 'The updated agent; next_actions: get.', errors: ['validation_failed', 'agent_not_found'] })
  update(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Body() body: UpdateAgentRequestDto): Promise<Outcome> {
    return this.updateAgent.execute({ agentId: id, name: body.name, status: body.status, scopes: body.scopes, bookingLimit: body.booking_limit }, actor);
  }

  @Post(':id/credentials')
  @HttpCode(201)
  @ApiOperation({ summary: 'Issue an additional credential (rotation); the old ones stay valid until revoked.' })
  @ApiEnvelope(AgentWithSecretModel, {
    status: 201,
    description: 'The agent and the new credential with its secret; next_actions: get.',
    errors: ['agent_not_found'],
  })
  rotate(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.rotateCredential.execute({ agentId: id }, actor);
  }

  @Delete(':id/credentials/:credentialId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a credential: its API key and the access tokens minted with it stop working.' })
  @ApiEnvelope(CredentialModel, {
    description: 'The revoked credential (revoking twice keeps the first revoked_at); next_actions: get (the agent).',
    errors: ['agent_not_found', 'credential_not_found'],
  })
  revoke(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string, @Param('credentialId', UuidParamPipe) credentialId: string): Promise<Outcome> {
    return this.revokeCredential.execute({ agentId: id, credentialId }, actor);
  }
}
