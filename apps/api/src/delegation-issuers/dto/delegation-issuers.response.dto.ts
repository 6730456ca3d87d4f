import { ApiProperty } from '@nestjs/swagger';
import { ISSUER_STATUSES } from '@hcs/domain';

/** `delegationIssuerView` (libs/domain/src/delegation/delegation-issuer.view.ts). Exactly one of jwks_url and jwks is set. */
export class DelegationIssuerModel {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The iss claim of its delegation JWTs.' }) iss: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ISSUER_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) jwks_url: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Inline JWK set of public keys.' }) jwks: Record<
    string,
    unknown
  > | null;
  @ApiProperty({ type: [String] }) allowed_audiences: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class DelegationIssuerListModel {
  @ApiProperty({ type: [DelegationIssuerModel] }) items: DelegationIssuerModel[];
}

/** A delegation issuer in the public list (docs/identity.md): `publicIssuerJson`. */
export class PublicDelegationIssuerModel {
  @ApiProperty() iss: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ISSUER_STATUSES }) status: string;
  @ApiProperty({ type: String, nullable: true }) jwks_url: string | null;
  @ApiProperty({ type: [String] }) allowed_audiences: string[];
}

/** `GET /.well-known/delegation-issuers` (bare). */
export class PublicDelegationIssuersModel {
  @ApiProperty({ type: [PublicDelegationIssuerModel] }) issuers: PublicDelegationIssuerModel[];
}
