import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Outcome } from '@hcs/contracts';
import { Actor, CurrentActor, PrincipalKinds } from '@hcs/auth';
import { RevokeAdminCredential, RotateAdminCredential } from '@hcs/domain';
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
  constructor(
    private readonly rotateAdminCredential: RotateAdminCredential,
    private readonly revokeAdminCredential: RevokeAdminCredential,
  ) {}

  @Post(':id/rotate')
  @HttpCode(201)
  @ApiOperation({ summary: 'Replace an admin API key of this tenant: a new key (shown once), the old one revoked at once.' })
  @ApiEnvelope(RotatedAdminCredentialModel, {
    status: 201,
    description: 'The new credential with its secret and the revoked one.',
    errors: ['validation_failed', 'credential_not_found'],
  })
  rotate(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.rotateAdminCredential.execute({ credentialId: id }, actor);
  }

  @Post(':id/revoke')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke an admin API key of this tenant (revoking twice keeps the first revoked_at).' })
  @ApiEnvelope(CredentialModel, { description: 'The revoked credential.', errors: ['validation_failed', 'credential_not_found'] })
  revoke(@CurrentActor() actor: Actor, @Param('id', UuidParamPipe) id: string): Promise<Outcome> {
    return this.revokeAdminCredential.execute({ credentialId: id }, actor);
  }
}
