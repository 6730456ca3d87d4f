import { Injectable } from '@nestjs/common';
import { Transactional } from '@nestjs-cls/transactional';
import { Outcome } from '@hcs/contracts';
import { DomainError, validationFailed } from '../../errors/domain-error';
import type { Policy } from '../catalog';
import { PolicyRepository } from '../ports/policy.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { AdminRatePlanView, adminRatePlanView } from '../catalog-views';
import { fieldError, RatePlanInput } from '../rules/catalog-input';
import { occupancyPricingFields, occupancyPricingViolations } from '../rules/pricing-input';
import type { Caller } from '../../identity/principal';
import { paymentTermsFields, paymentTermsViolations } from '../../booking/rules/payment-terms';

/** Resolves a policy code of a property to its current version (`validation_failed` when unknown). */
export async function currentPolicyFor(
  policies: PolicyRepository,
  tenantId: string,
  propertyId: string,
  code: string | null | undefined,
): Promise<Policy | null> {
  if (code === undefined || code === null) return null;
  const policy = await policies.findCurrent(tenantId, propertyId, code);
  if (!policy)
    throw fieldError('policy_code', `no policy with code "${code}" exists for this property; create it with PUT /v1/admin/properties/{id}/policies/{code}`);
  return policy;
}

/** A new rate plan of a room type. */
export interface CreateRatePlanCommand {
  roomTypeId: string;
  ratePlan: RatePlanInput;
}

@Injectable()
export class CreateRatePlan {
  constructor(
    private readonly roomTypes: RoomTypeRepository,
    private readonly ratePlans: RatePlanRepository,
    private readonly policies: PolicyRepository,
  ) {}

  @Transactional()
  async execute(command: CreateRatePlanCommand, actor: Caller): Promise<Outcome<AdminRatePlanView>> {
    const { tenantId } = actor;
    const { roomTypeId, ratePlan: input } = command;
    const room = await this.roomTypes.findById(tenantId, roomTypeId);
    if (!room) throw new DomainError('room_type_not_found');
    const errors = [
      ...(input.occupancy_pricing ? occupancyPricingViolations(input.occupancy_pricing, room.maxOccupancy) : []),
      ...(input.payment_terms ? paymentTermsViolations(input.payment_terms) : []),
    ];
    if (errors.length > 0) throw validationFailed(errors);
    if (await this.ratePlans.findByCode(tenantId, roomTypeId, input.code)) throw fieldError('code', 'is already used by another rate plan of this room type');
    const policy = await currentPolicyFor(this.policies, tenantId, room.propertyId, input.policy_code);
    const plan = await this.ratePlans.create(tenantId, room, {
      code: input.code,
      name: input.name,
      baseRate: { amount: input.base_rate.amount, currency: input.base_rate.currency },
      mealPlan: input.meal_plan ?? 'room_only',
      policyId: policy?.id ?? null,
      occupancyPricing: occupancyPricingFields(input.occupancy_pricing),
      paymentTerms: paymentTermsFields(input.payment_terms),
    });
    return new Outcome(adminRatePlanView(plan, policy, room.maxOccupancy), {
      status: 201,
      next_actions: [{ rel: 'get', method: 'GET', href: `/v1/admin/rate-plans/${plan.id}/rates` }],
    });
  }
}
