import { Module } from '@nestjs/common';
import { CreateAgent } from './agents/create-agent.use-case';
import { GetAgent } from './agents/get-agent.use-case';
import { ListAgents } from './agents/list-agents.use-case';
import { RevokeAgentCredential } from './agents/revoke-agent-credential.use-case';
import { RotateAgentCredential } from './agents/rotate-agent-credential.use-case';
import { UpdateAgent } from './agents/update-agent.use-case';
import { AdminCredentials } from './admins/admin-credentials.use-case';

const useCases = [CreateAgent, ListAgents, GetAgent, UpdateAgent, RotateAgentCredential, RevokeAgentCredential, AdminCredentials];

/** Use cases of agents and their credentials (admin routes, CLI seed). */
@Module({ providers: useCases, exports: useCases })
export class IdentityModule {}
