import { Injectable } from '@nestjs/common';
import { Credential, CredentialMatch, CredentialRepository, NewCredential } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import {
  credentialById,
  credentialsOfPrincipal,
  insertCredential,
  liveCredentialByHash,
  liveCredentialById,
  revokeCredential,
  toCredential,
  toCredentialMatch,
  touchCredential,
} from './credential-row';

@Injectable()
export class SqlCredentialRepository extends CredentialRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(input: NewCredential): Promise<Credential> {
    const [row] = await this.sql.run(insertCredential, [input.tenantId, input.principalId, input.secretHash, input.secretPrefix]);
    return toCredential(row);
  }

  async findLiveByHash(secretHash: string): Promise<CredentialMatch | null> {
    const [row] = await this.sql.run(liveCredentialByHash, [secretHash]);
    return row ? toCredentialMatch(row) : null;
  }

  async findLiveById(credentialId: string): Promise<CredentialMatch | null> {
    const [row] = await this.sql.run(liveCredentialById, [credentialId]);
    return row ? toCredentialMatch(row) : null;
  }

  async listByPrincipal(tenantId: string, principalId: string): Promise<Credential[]> {
    return (await this.sql.run(credentialsOfPrincipal, [tenantId, principalId])).map(toCredential);
  }

  async findById(tenantId: string, principalId: string, credentialId: string): Promise<Credential | null> {
    const [row] = await this.sql.run(credentialById, [tenantId, principalId, credentialId]);
    return row ? toCredential(row) : null;
  }

  /** Revoking twice keeps the first `revoked_at`; null when the credential is not the principal's. */
  async revoke(tenantId: string, principalId: string, credentialId: string): Promise<Credential | null> {
    await this.sql.run(revokeCredential, [tenantId, principalId, credentialId]);
    return this.findById(tenantId, principalId, credentialId);
  }

  async touchLastUsed(tenantId: string, credentialId: string, at: Date): Promise<void> {
    await this.sql.run(touchCredential, [tenantId, credentialId, at]);
  }
}
