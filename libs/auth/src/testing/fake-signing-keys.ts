import { ActiveSigningKey, NewSigningKey, PublishedSigningKey, SigningKeyPurpose, SigningKeyRepository } from '@hcs/domain';

/** Signing keys kept in memory, at most one active per purpose like the real table. */
export class FakeSigningKeys extends SigningKeyRepository {
  rows: Array<ActiveSigningKey & { purpose: SigningKeyPurpose }> = [];

  async findActive(purpose: SigningKeyPurpose): Promise<ActiveSigningKey | null> {
    return this.rows.find((k) => k.purpose === purpose && k.retiredAt === null) ?? null;
  }
  async insertIfNoneActive(key: NewSigningKey): Promise<void> {
    if (!(await this.findActive(key.purpose))) this.rows.push({ ...key, createdAt: new Date(), retiredAt: null });
  }
  async rotate(key: NewSigningKey): Promise<void> {
    const active = await this.findActive(key.purpose);
    if (active) active.retiredAt = new Date();
    this.rows.push({ ...key, createdAt: new Date(), retiredAt: null });
  }
  async listPublished(purpose: SigningKeyPurpose, retiredAfter: Date): Promise<PublishedSigningKey[]> {
    return this.rows.filter((k) => k.purpose === purpose && (k.retiredAt === null || k.retiredAt > retiredAfter)).reverse();
  }
}
