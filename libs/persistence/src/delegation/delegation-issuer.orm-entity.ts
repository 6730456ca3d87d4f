import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'delegation_issuers' })
export class DelegationIssuerOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Null for a platform issuer (trusted by every tenant). */
  @Column({ name: 'tenant_id', type: 'uuid', nullable: true })
  tenantId: string | null;

  @Column({ type: 'text' })
  iss: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text', default: 'active' })
  status: 'active' | 'suspended' | 'revoked';

  @Column({ name: 'jwks_url', type: 'text', nullable: true })
  jwksUrl: string | null;

  @Column({ type: 'jsonb', nullable: true })
  jwks: { keys: Array<Record<string, unknown>> } | null;

  @Column({ name: 'allowed_audiences', type: 'text', array: true })
  allowedAudiences: string[];

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', insert: false })
  updatedAt: Date;
}
