import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { AdminCredentials } from '@hcs/domain';
import { credentialJson } from '../admin-agents/agent.presenter';
import { CredentialModel } from '../admin-agents/dto/admin-agents.response.dto';
import { ApiTenantHeader } from '../http/openapi/api-headers.decorator';
import { ApiEnvelope } from '../http/openapi/api-envelope.decorator';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { RotatedAdminCredentialModel } from './dto/admin-credentials.response.dto';

/** Tenant admins rotate and revoke the tenant's admin API keys (docs/identity.md "Admin credentials"). */
@ApiTags('admin')
@ApiBearerAuth()
@ApiTenantHeader()
@PrincipalKinds('admin')
@Controller('v1/admin/credentials')
export class AdminCredentialsController {
  constructor(private readonly adminCredentials: AdminCredentials) {}

  @Post(':id/rotate')
  @HttpCode(201)
  @ApiOperation({ summary: 'Replace an admin API key of this tenant: a new key (shown once), the old one revoked at once.' })
  @ApiEnvelope(RotatedAdminCredentialModel, {
    status: 201,
    description: 'The new credential with its secret and the revoked one.',
    errors: ['validation_failed', 'credential_not_found'],
  })
  async rotate(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    const { issued, revoked } = await this.adminCredentials.rotate(actor, id);
    return new Outcome({
      credential: {
        id: issued.credential.id,
        secret: issued.secret,
        prefix: issued.credential.secretPrefix,
        created_at: issued.credential.createdAt.toISOString(),
      },
      revoked: credentialJson(revoked),
    });
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an admin API key of this tenant (revoking twice keeps the first revoked_at).' })
  @ApiEnvelope(CredentialModel, { description: 'The revoked credential.', errors: ['validation_failed', 'credential_not_found'] })
  async revoke(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return new Outcome(credentialJson(await this.adminCredentials.revoke(actor, id)));
  }
}
