import { NESTED_STAY_PATHS, SearchCriteria } from '@hcs/domain';
import type { ValidatedSearchBody } from './search-body.pipe';

const FLAT_STAY_PATHS = { checkIn: 'check_in', checkOut: 'check_out' };

/** A validated search body (either variant) as the use case's criteria; REST and MCP both translate here. */
export function searchCriteria(input: ValidatedSearchBody): SearchCriteria {
  const { body } = input;
  const guests = { adults: body.guests.adults, children: (body.guests.children ?? []).map((c) => ({ age: c.age })) };
  const constraints = {
    max_price_per_night: body.constraints?.max_price_per_night ? { ...body.constraints.max_price_per_night } : undefined,
    meal_plan: body.constraints?.meal_plan,
    cancellation: body.constraints?.cancellation,
  };
  if (input.variant === 'flat') {
    const flat = input.body;
    return {
      destination: flat.destination ? { type: 'area', value: flat.destination } : null,
      stay: { check_in: flat.check_in, check_out: flat.check_out },
      guests,
      constraints,
      stayPaths: FLAT_STAY_PATHS,
    };
  }
  const nested = input.body;
  return {
    destination: nested.destination ? { type: nested.destination.type, value: nested.destination.value } : null,
    stay: { check_in: nested.stay.check_in, check_out: nested.stay.check_out },
    guests,
    constraints,
    stayPaths: NESTED_STAY_PATHS,
  };
}
