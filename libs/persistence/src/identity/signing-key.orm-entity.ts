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

  /** Read only by the signer; never selected for publication. */
  @Column({ name: 'private_jwk', type: 'jsonb', select: false })
  privateJwk: Record<string, unknown>;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt: Date | null;
}
