import { Injectable } from '@nestjs/common';
import { currentPolicies, Policy, PolicyFields, PolicyRepository } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { CatalogChangeFeed } from './catalog-change-feed';
import { insertPolicyVersion, lockPolicyLineage, newPolicyParams, policiesOfProperties, policyById, policyVersions, toPolicy } from './policy-row';

/** Versions are numbered "1", "2", ...; the current version of a code is the highest number. */
const newestFirst = (a: Policy, b: Policy) => Number(b.version) - Number(a.version);

@Injectable()
export class SqlPolicyRepository extends PolicyRepository {
  constructor(
    private readonly sql: SqlClient,
    private readonly changes: CatalogChangeFeed,
  ) {
    super();
  }

  async createVersion(tenantId: string, propertyId: string, code: string, version: string, fields: PolicyFields): Promise<Policy> {
    const [row] = await this.sql.run(insertPolicyVersion, newPolicyParams(tenantId, propertyId, code, version, fields));
    this.changes.changedHere(tenantId);
    return toPolicy(row);
  }

  async findById(tenantId: string, id: string): Promise<Policy | null> {
    const [row] = await this.sql.run(policyById, [tenantId, id]);
    return row ? toPolicy(row) : null;
  }

  async findCurrent(tenantId: string, propertyId: string, code: string): Promise<Policy | null> {
    return (await this.listVersions(tenantId, propertyId, code))[0] ?? null;
  }

  async listVersions(tenantId: string, propertyId: string, code: string): Promise<Policy[]> {
    return (await this.sql.run(policyVersions, [tenantId, propertyId, code])).map(toPolicy).sort(newestFirst);
  }

  async listCurrent(tenantId: string, propertyIds: string[]): Promise<Policy[]> {
    if (propertyIds.length === 0) return [];
    return currentPolicies((await this.sql.run(policiesOfProperties, [tenantId, propertyIds])).map(toPolicy));
  }

  async lockLineage(tenantId: string, propertyId: string, code: string): Promise<void> {
    await this.sql.run(lockPolicyLineage, [`policy:${tenantId}:${propertyId}:${code}`]);
  }
}
