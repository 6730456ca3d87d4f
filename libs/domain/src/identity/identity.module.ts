import { Module } from '@nestjs/common';
import { CreateAgent } from './use-cases/create-agent.use-case';
import { GetAgent } from './use-cases/get-agent.use-case';
import { ListAgents } from './use-cases/list-agents.use-case';
import { RevokeAgentCredential } from './use-cases/revoke-agent-credential.use-case';
import { RotateAgentCredential } from './use-cases/rotate-agent-credential.use-case';
import { UpdateAgent } from './use-cases/update-agent.use-case';
import { ReissueAdminCredentials } from './use-cases/reissue-admin-credentials.use-case';
import { RevokeAdminCredential } from './use-cases/revoke-admin-credential.use-case';
import { RotateAdminCredential } from './use-cases/rotate-admin-credential.use-case';

const useCases = [
  CreateAgent,
  ListAgents,
  GetAgent,
  UpdateAgent,
  RotateAgentCredential,
  RevokeAgentCredential,
  RotateAdminCredential,
  RevokeAdminCredential,
  ReissueAdminCredentials,
];

/** Use cases of agents and their credentials (admin routes, CLI seed). */
@Module({ providers: useCases, exports: useCases })
export class IdentityModule {}
