import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'signing_keys' })
export class SigningKeyOrmEntity {
  @PrimaryColumn({ type: 'text' })
  kid: string;

  @Column({ type: 'text' })
  purpose: 'oauth_access_token' | 'demo_delegation';

  @Column({ type: 'text' })
  alg: string;

  @Column({ name: 'public_jwk', type: 'jsonb' })
  publicJwk: Record<string, unknown>;

  /**
   * The private JWK sealed under the master key with the row as associated data (docs/security.md
   * "Keys at rest"). Read only by the signer; never selected for publication.
   */
  @Column({ name: 'private_jwk_sealed', type: 'text', select: false })
  privateJwkSealed: string;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt: Date | null;
}
