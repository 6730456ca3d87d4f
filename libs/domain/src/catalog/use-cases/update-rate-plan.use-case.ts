import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import type { RatePlanFields } from '../catalog';
import { PolicyRepository } from '../ports/policy.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { AdminRatePlanView, adminRatePlanView } from '../catalog-views';
import { fieldError, RatePlanInput } from '../rules/catalog-input';
import { occupancyPricingFields, occupancyPricingViolations } from '../rules/pricing-input';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { currentPolicyFor } from './create-rate-plan.use-case';
import type { Caller } from '../../identity/principal';
import { paymentTermsFields, paymentTermsViolations } from '../../booking/rules/payment-terms';

/** Fields of a rate plan to change. */
export interface UpdateRatePlanCommand {
  ratePlanId: string;
  patch: Partial<RatePlanInput>;
}

/**
 * Changes a rate plan; `policy_code: null` detaches the policy (the plan then cannot be quoted);
 * `occupancy_pricing` replaces the plan's party pricing whole (`null`: the defaults); `payment_terms`
 * replaces the plan's terms whole (`null`: prepay), for quotes made from then on.
 */
@Injectable()
export class UpdateRatePlan {
  constructor(
    private readonly ratePlans: RatePlanRepository,
    private readonly policies: PolicyRepository,
    private readonly roomTypes: RoomTypeRepository,
  ) {}

  @Transactional()
  async execute(command: UpdateRatePlanCommand, actor: Caller): Promise<Outcome<AdminRatePlanView>> {
    const { tenantId } = actor;
    const { ratePlanId: id, patch: input } = command;
    const current = await this.ratePlans.findById(tenantId, id);
    if (!current) throw new DomainError('rate_plan_not_found');
    const room = await this.roomTypes.findById(tenantId, current.roomTypeId);
    if (!room) throw new DomainError('rate_plan_not_found');
    const errors = [
      ...(input.occupancy_pricing ? occupancyPricingViolations(input.occupancy_pricing, room.maxOccupancy) : []),
      ...(input.payment_terms ? paymentTermsViolations(input.payment_terms) : []),
    ];
    if (errors.length > 0) throw validationFailed(errors);
    if (input.code !== undefined && input.code !== current.code && (await this.ratePlans.findByCode(tenantId, current.roomTypeId, input.code))) {
      throw fieldError('code', 'is already used by another rate plan of this room type');
    }
    const patch: Partial<RatePlanFields> = {};
    if (input.code !== undefined) patch.code = input.code;
    if (input.name !== undefined) patch.name = input.name;
    if (input.base_rate !== undefined) patch.baseRate = { amount: input.base_rate.amount, currency: input.base_rate.currency };
    if (input.meal_plan !== undefined) patch.mealPlan = input.meal_plan;
    if (input.occupancy_pricing !== undefined) patch.occupancyPricing = occupancyPricingFields(input.occupancy_pricing);
    if (input.payment_terms !== undefined) patch.paymentTerms = paymentTermsFields(input.payment_terms);
    if (input.policy_code !== undefined) patch.policyId = (await currentPolicyFor(this.policies, tenantId, current.propertyId, input.policy_code))?.id ?? null;
    const updated = await this.ratePlans.update(tenantId, id, patch);
    if (!updated) throw new DomainError('rate_plan_not_found');
    const policy = updated.policyId ? await this.policies.findById(tenantId, updated.policyId) : null;
    return new Outcome(adminRatePlanView(updated, policy, room.maxOccupancy), {
      next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/rate-plans/${id}/rates` }],
    });
  }
}
