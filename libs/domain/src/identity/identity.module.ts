import { Module } from '@nestjs/common';
import { CreateAgent } from './use-cases/create-agent.use-case';
import { GetAgent } from './use-cases/get-agent.use-case';
import { ListAgents } from './use-cases/list-agents.use-case';
import { RevokeAgentCredential } from './use-cases/revoke-agent-credential.use-case';
import { RotateAgentCredential } from './use-cases/rotate-agent-credential.use-case';
import { UpdateAgent } from './use-cases/update-agent.use-case';
import { AdminCredentials } from './use-cases/admin-credentials.use-case';

const useCases = [CreateAgent, ListAgents, GetAgent, UpdateAgent, RotateAgentCredential, RevokeAgentCredential, AdminCredentials];

/** Use cases of agents and their credentials (admin routes, CLI seed). */
@Module({ providers: useCases, exports: useCases })
export class IdentityModule {}
