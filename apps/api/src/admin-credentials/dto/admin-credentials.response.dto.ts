import { ApiProperty } from '@nestjs/swagger';
import { CredentialModel } from '../../admin-agents/dto/admin-agents.response.dto';

/** The new admin key, shown once. */
export class IssuedAdminCredentialModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The new API key (hcs_adm_...): shown only in this response.' }) secret: string;
  @ApiProperty() prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class RotatedAdminCredentialModel {
  @ApiProperty({ type: IssuedAdminCredentialModel }) credential: IssuedAdminCredentialModel;
  @ApiProperty({ type: CredentialModel, description: 'The replaced credential, revoked now.' }) revoked: CredentialModel;
}
