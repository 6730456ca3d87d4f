import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { PolicyRepository } from '../ports/policy.repository';
import { PropertyRepository } from '../ports/property.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { AdminPolicyView, adminPolicyView } from '../catalog-views';
import { PolicyInput, policyFields, samePolicy } from '../rules/catalog-input';
import type { Caller } from '../../identity/principal';

export interface PolicyRevision extends AdminPolicyView {
  /** True when this call wrote a new version; false when the terms were already current. */
  created: boolean;
  /** Rate plans now pointing at this version. */
  rate_plans_repointed: number;
}

/** The terms of a policy code of a property (a new version when they change). */
export interface PutPolicyCommand {
  propertyId: string;
  code: string;
  policy: PolicyInput;
}

/**
 * Creates or revises the policy `code` of a property. Versions are immutable rows: a change
 * writes version n+1 and points every rate plan on that policy at it, so new quotes use the new
 * terms while bookings keep the snapshot they froze. Sending the current terms again writes
 * nothing (the call is idempotent).
 */
@Injectable()
export class PutPolicy {
  constructor(
    private readonly properties: PropertyRepository,
    private readonly policies: PolicyRepository,
    private readonly ratePlans: RatePlanRepository,
  ) {}

  @Transactional()
  async execute(command: PutPolicyCommand, actor: Caller): Promise<Outcome<PolicyRevision>> {
    const { tenantId } = actor;
    const { propertyId, code, policy: input } = command;
    if (!(await this.properties.findById(tenantId, propertyId))) throw new DomainError('property_not_found');
    await this.policies.lockLineage(tenantId, propertyId, code);
    const fields = policyFields(input);
    const current = await this.policies.findCurrent(tenantId, propertyId, code);
    const next = `/v1/admin/properties/${propertyId}/policies`;
    if (current && samePolicy(current, fields)) {
      return new Outcome(
        { ...adminPolicyView(current), created: false, rate_plans_repointed: 0 },
        { next_actions: [{ rel: 'get', method: 'GET', href: next }] },
      );
    }
    const version = current ? String(Number(current.version) + 1) : '1';
    const policy = await this.policies.createVersion(tenantId, propertyId, code, version, fields);
    const repointed = current ? await this.ratePlans.repointPolicy(tenantId, propertyId, code, policy.id) : 0;
    return new Outcome(
      { ...adminPolicyView(policy), created: true, rate_plans_repointed: repointed },
      { status: current ? 200 : 201, next_actions: [{ rel: 'get', method: 'GET', href: next }] },
    );
  }
}
