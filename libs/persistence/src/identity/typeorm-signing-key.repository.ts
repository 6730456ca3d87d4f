import { Injectable } from '@nestjs/common';
import { ActiveSigningKey, Jwk, NewSigningKey, PublishedSigningKey, SigningKeyPurpose, SigningKeyRepository } from '@hcs/domain';
import { rowLabel, SecretBox } from '@hcs/platform';
import { TransactionHost } from '../transaction-host';
import { SigningKeyOrmEntity } from './signing-key.orm-entity';

const published = (row: SigningKeyOrmEntity): PublishedSigningKey => ({
  kid: row.kid,
  alg: row.alg,
  publicJwk: row.publicJwk,
  createdAt: row.createdAt,
  retiredAt: row.retiredAt,
});

@Injectable()
export class TypeOrmSigningKeyRepository extends SigningKeyRepository {
  constructor(
    private readonly tx: TransactionHost,
    private readonly box: SecretBox,
  ) {
    super();
  }

  /** The private key is stored sealed, its row (the kid) as associated data. */
  private seal(key: NewSigningKey): string {
    return this.box.seal(JSON.stringify(key.privateJwk), rowLabel('signing_keys', key.kid));
  }

  private get repo() {
    return this.tx.tx.getRepository(SigningKeyOrmEntity);
  }

  async findActive(purpose: SigningKeyPurpose): Promise<ActiveSigningKey | null> {
    const row = await this.repo
      .createQueryBuilder('k')
      .addSelect('k.privateJwkSealed')
      .where('k.purpose = :purpose AND k.retired_at IS NULL', { purpose })
      .getOne();
    return row ? { ...published(row), privateJwk: JSON.parse(this.box.open(row.privateJwkSealed, rowLabel('signing_keys', row.kid))) as Jwk } : null;
  }

  async insertIfNoneActive(key: NewSigningKey): Promise<void> {
    // The partial unique index (one unretired key per purpose) settles races between processes.
    await this.repo.query(
      `INSERT INTO signing_keys (kid, purpose, alg, public_jwk, private_jwk_sealed) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (purpose) WHERE retired_at IS NULL DO NOTHING`,
      [key.kid, key.purpose, key.alg, JSON.stringify(key.publicJwk), this.seal(key)],
    );
  }

  async rotate(key: NewSigningKey): Promise<void> {
    await this.tx.withTransaction(async () => {
      await this.repo.query(`UPDATE signing_keys SET retired_at = now() WHERE purpose = $1 AND retired_at IS NULL`, [key.purpose]);
      await this.repo.query(`INSERT INTO signing_keys (kid, purpose, alg, public_jwk, private_jwk_sealed) VALUES ($1, $2, $3, $4, $5)`, [
        key.kid,
        key.purpose,
        key.alg,
        JSON.stringify(key.publicJwk),
        this.seal(key),
      ]);
    });
  }

  async listPublished(purpose: SigningKeyPurpose, retiredAfter: Date): Promise<PublishedSigningKey[]> {
    const rows = await this.repo
      .createQueryBuilder('k')
      .where('k.purpose = :purpose AND (k.retired_at IS NULL OR k.retired_at > :retiredAfter)', { purpose, retiredAfter })
      .orderBy('k.created_at', 'DESC')
      .getMany();
    return rows.map(published);
  }
}
