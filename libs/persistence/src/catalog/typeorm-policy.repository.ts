import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { currentPolicies, Policy, PolicyFields, PolicyRepository } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';
import { toPolicy } from './catalog.mapper';
import { PolicyOrmEntity } from './policy.orm-entity';

/** Versions are numbered "1", "2", ...; the current version of a code is the highest number. */
const newestFirst = (a: PolicyOrmEntity, b: PolicyOrmEntity) => Number(b.version) - Number(a.version);

@Injectable()
export class TypeOrmPolicyRepository extends PolicyRepository {
  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get repo() {
    return this.tx.tx.getRepository(PolicyOrmEntity);
  }

  async createVersion(tenantId: string, propertyId: string, code: string, version: string, fields: PolicyFields): Promise<Policy> {
    const result = await this.repo.insert({ ...fields, tenantId, propertyId, code, version });
    const id = (result.identifiers[0] as { id: string }).id;
    return toPolicy(await this.repo.findOneByOrFail({ id, tenantId }));
  }

  async findById(tenantId: string, id: string): Promise<Policy | null> {
    const row = await this.repo.findOneBy({ id, tenantId });
    return row ? toPolicy(row) : null;
  }

  async findCurrent(tenantId: string, propertyId: string, code: string): Promise<Policy | null> {
    return (await this.listVersions(tenantId, propertyId, code))[0] ?? null;
  }

  async listVersions(tenantId: string, propertyId: string, code: string): Promise<Policy[]> {
    const rows = await this.repo.findBy({ tenantId, propertyId, code });
    return rows.sort(newestFirst).map(toPolicy);
  }

  async listCurrent(tenantId: string, propertyIds: string[]): Promise<Policy[]> {
    if (propertyIds.length === 0) return [];
    return currentPolicies((await this.repo.findBy({ tenantId, propertyId: In(propertyIds) })).map(toPolicy));
  }

  async lockLineage(tenantId: string, propertyId: string, code: string): Promise<void> {
    await this.repo.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`policy:${tenantId}:${propertyId}:${code}`]);
  }
}
