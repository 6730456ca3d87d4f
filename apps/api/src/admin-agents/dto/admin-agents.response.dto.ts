import { ApiProperty } from '@nestjs/swagger';
import { PRINCIPAL_STATUSES, SCOPES } from '@hcs/domain';
import { MoneyModel } from '../../http/openapi/envelope.models';

/** `AgentView` (libs/domain/src/identity/identity.views.ts). */
export class AgentModel {
  @ApiProperty({ format: 'uuid', description: 'Also the OAuth client_id.' }) id: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: PRINCIPAL_STATUSES }) status: string;
  @ApiProperty({ enum: SCOPES, isArray: true }) scopes: string[];
  @ApiProperty({ type: MoneyModel, nullable: true, description: 'Bookings above it need a booking authorization; null: no limit.' })
  booking_limit: MoneyModel | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** `CredentialView` (libs/domain/src/identity/identity.views.ts): never the secret or its digest. */
export class CredentialModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The first characters of the secret, to recognise it.' }) prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) revoked_at: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) last_used_at: string | null;
}

/** A credential as issued: the only answer that ever shows its secret. */
export class IssuedCredentialModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The API key (Authorization: Bearer) and OAuth client_secret. Shown once.' }) secret: string;
  @ApiProperty() prefix: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

/** Agent creation and credential rotation (docs/api-contract.md "Identity, tenancy and scopes": `{agent, credential: {id, secret}}`). */
export class AgentWithSecretModel {
  @ApiProperty({ type: AgentModel }) agent: AgentModel;
  @ApiProperty({ type: IssuedCredentialModel }) credential: IssuedCredentialModel;
}

export class AgentListModel {
  @ApiProperty({ type: [AgentModel] }) items: AgentModel[];
}

export class AgentDetailModel extends AgentModel {
  @ApiProperty({ type: [CredentialModel] }) credentials: CredentialModel[];
}
