import { Injectable } from '@nestjs/common';
import type { NextAction } from '@hcs/contracts';
import { DomainError } from '../../errors/domain-error';
import { toMajorUnits } from '../../money/currency';
import { convertMinor, findFxRate, FxConversion } from '../../money/fx';
import type { Policy, Property, RatePlan } from '../catalog';
import { PolicyRepository } from '../ports/policy.repository';
import { RatePlanRepository } from '../ports/rate-plan.repository';
import { RoomTypeRepository } from '../ports/room-type.repository';
import { FxRateRepository } from '../ports/fx-rate.repository';
import { PolicyView, policyView, RatePlanView, ratePlanView, RoomTypeView, roomTypeView } from '../catalog-views';
import { currentPolicies } from '../rules/current-policies';
import type { PropertyCatalog } from '../ports/property-catalog.reader';

export interface DisplayCurrency {
  /** The currency asked for with `?currency=`, or null when prices are in each plan's own currency. */
  display_currency: string | null;
  /** True when at least one price was converted with the FX table. */
  converted: boolean;
  /** The FX rates used, so a client can tell which table converted what. */
  fx_rates: FxConversion[];
}

export interface LoadedCatalog {
  roomTypes: RoomTypeView[];
  policies: PolicyView[];
  display: DisplayCurrency;
  /** A few ready quote hints (ids filled in; stay and guests left to the caller). */
  quoteActions: NextAction[];
}

/**
 * The room types, rate plans and current policies of one property as public reads show them.
 * Rate plans without a policy are left out: they cannot be quoted (docs/api-contract.md "Pricing and party").
 */
@Injectable()
export class PropertyReadModel {
  constructor(
    private readonly roomTypes: RoomTypeRepository,
    private readonly ratePlans: RatePlanRepository,
    private readonly policies: PolicyRepository,
    private readonly fxRates: FxRateRepository,
  ) {}

  async load(property: Property, currency: string | undefined): Promise<LoadedCatalog> {
    const [rooms, plans, current] = await Promise.all([
      this.roomTypes.listByProperties(property.tenantId, [property.id]),
      this.ratePlans.listByProperties(property.tenantId, [property.id]),
      this.policies.listCurrent(property.tenantId, [property.id]),
    ]);
    const policyIds = new Set(current.map((p) => p.id));
    // A plan may still point at an older version when it was attached explicitly; load those too.
    const missing = [...new Set(plans.map((p) => p.policyId).filter((id): id is string => id !== null && !policyIds.has(id)))];
    const extra = await Promise.all(missing.map((id) => this.policies.findById(property.tenantId, id)));
    return this.present({ property, roomTypes: rooms, ratePlans: plans, policies: [...current, ...extra.filter((p): p is Policy => p !== null)] }, currency);
  }

  /** The public read of a catalog already loaded (e.g. in one round trip by `PropertyCatalogReader`). */
  async present(catalog: PropertyCatalog, currency: string | undefined): Promise<LoadedCatalog> {
    const { property, roomTypes: rooms, ratePlans: plans } = catalog;
    const current = currentPolicies(catalog.policies.filter((p) => p.propertyId === property.id));
    const policyById = new Map<string, Policy>(catalog.policies.map((p) => [p.id, p]));

    const conversions = currency ? await this.conversions(property.tenantId, plans, currency) : new Map<string, FxConversion>();
    const quoteActions: NextAction[] = [];
    const roomTypes = rooms.map((room) => {
      const views: RatePlanView[] = [];
      for (const plan of plans.filter((p) => p.roomTypeId === room.id)) {
        const policy = plan.policyId ? policyById.get(plan.policyId) : undefined;
        if (!policy) continue;
        views.push(this.displayed(ratePlanView(plan, policy), plan, currency, conversions));
        if (quoteActions.length < 10) {
          quoteActions.push({
            rel: 'quote',
            method: 'POST',
            href: '/v1/quotes',
            body_hint: { hotel_id: property.id, room_type_id: room.id, rate_plan_id: plan.id },
          });
        }
      }
      return roomTypeView(room, views);
    });
    const used = [...conversions.values()].filter((c) => c.source !== 'identity');
    return {
      roomTypes,
      policies: current.map(policyView),
      display: { display_currency: currency ?? null, converted: used.length > 0, fx_rates: used },
      quoteActions,
    };
  }

  private async conversions(tenantId: string, plans: RatePlan[], currency: string): Promise<Map<string, FxConversion>> {
    const rates = await this.fxRates.listEffective(tenantId);
    const out = new Map<string, FxConversion>();
    const unknown: string[] = [];
    for (const from of new Set(plans.map((p) => p.baseRate.currency))) {
      const conversion = findFxRate(rates, from, currency);
      if (conversion) out.set(from, conversion);
      else unknown.push(from);
    }
    if (unknown.length > 0) {
      throw new DomainError('validation_failed', {
        detail: { field_errors: [{ path: 'currency', message: `no exchange rate from ${unknown.join(', ')} to ${currency} in the FX table` }] },
      });
    }
    return out;
  }

  private displayed(view: RatePlanView, plan: RatePlan, currency: string | undefined, conversions: Map<string, FxConversion>): RatePlanView {
    const conversion = currency ? conversions.get(plan.baseRate.currency) : undefined;
    if (!currency || !conversion || conversion.source === 'identity') return view;
    const amount = convertMinor(plan.baseRate.amount, plan.baseRate.currency, currency, conversion.rate);
    return {
      ...view,
      currency,
      base_rate_per_night: toMajorUnits(amount, currency),
      base_rate: { amount, currency },
      original_base_rate: { ...plan.baseRate },
    };
  }
}
