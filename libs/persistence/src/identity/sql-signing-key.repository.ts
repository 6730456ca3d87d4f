import { Injectable } from '@nestjs/common';
import { ActiveSigningKey, Jwk, NewSigningKey, PublishedSigningKey, SigningKeyPurpose, SigningKeyRepository } from '@hcs/domain';
import { rowLabel, SecretBox } from '@hcs/platform';
import { SqlClient } from '../sql/sql-client';
import { TransactionHost } from '../transaction-host';
import {
  activeSigningKey,
  insertSigningKey,
  insertSigningKeyIfNoneActive,
  publishedSigningKeys,
  retireActiveSigningKey,
  toPublishedSigningKey,
} from './signing-key-row';

@Injectable()
export class SqlSigningKeyRepository extends SigningKeyRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly tx: TransactionHost,
    private readonly box: SecretBox,
  ) {
    super();
  }

  /** The new key's parameters; the private key is stored sealed, its row (the kid) as associated data. */
  private params(key: NewSigningKey): [string, SigningKeyPurpose, string, string, string] {
    return [key.kid, key.purpose, key.alg, JSON.stringify(key.publicJwk), this.box.seal(JSON.stringify(key.privateJwk), rowLabel('signing_keys', key.kid))];
  }

  async findActive(purpose: SigningKeyPurpose): Promise<ActiveSigningKey | null> {
    const [row] = await this.sql.run(activeSigningKey, [purpose]);
    if (!row) return null;
    const privateJwk = JSON.parse(this.box.open(row.private_jwk_sealed, rowLabel('signing_keys', row.kid))) as Jwk;
    return { ...toPublishedSigningKey(row), privateJwk };
  }

  async insertIfNoneActive(key: NewSigningKey): Promise<void> {
    await this.sql.run(insertSigningKeyIfNoneActive, this.params(key));
  }

  /** Retires the active key and inserts its successor in one transaction (the caller's, or its own). */
  async rotate(key: NewSigningKey): Promise<void> {
    await this.tx.withTransaction(async () => {
      await this.sql.run(retireActiveSigningKey, [key.purpose]);
      await this.sql.run(insertSigningKey, this.params(key));
    });
  }

  async listPublished(purpose: SigningKeyPurpose, retiredAfter: Date): Promise<PublishedSigningKey[]> {
    return (await this.sql.run(publishedSigningKeys, [purpose, retiredAfter])).map(toPublishedSigningKey);
  }
}
