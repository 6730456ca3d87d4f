import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'credentials' })
export class CredentialOrmEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Part of the primary key (tenant_id, id): docs/scaling.md "The path past one primary: Citus". */
  @PrimaryColumn({ name: 'tenant_id', type: 'uuid' })
  tenantId: string;

  @Column({ name: 'principal_id', type: 'uuid' })
  principalId: string;

  /** SHA-256 of the secret; the secret itself is never stored. */
  @Column({ name: 'secret_hash', type: 'text' })
  secretHash: string;

  /** The first characters of the secret, to let people tell keys apart. */
  @Column({ name: 'secret_prefix', type: 'text' })
  secretPrefix: string;

  @Column({ name: 'created_at', type: 'timestamptz', insert: false, update: false })
  createdAt: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt: Date | null;
}
