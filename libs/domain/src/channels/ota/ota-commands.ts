import type { NightPartyPrices, Tax } from '../../catalog/catalog';
import { nightPartyPricesViolations } from '../../catalog/rules/pricing-input';
import { currencyExponent } from '../../money/currency';
import { OTA_ERROR, OtaAmount, OtaIssue, OtaRequest, OtaRestrictionField } from './ota-request';
import type { OtaElement } from './ota-xml';

/** What a channel's message may reach: its properties named by the message, with their codes. */
export interface OtaRatePlanRef {
  id: string;
  code: string;
  currency: string;
  /** The plan's base adults (occupancy pricing): the party its nightly `amount` is for. */
  baseAdults: number;
}
export interface OtaRoomTypeRef {
  id: string;
  code: string;
  maxOccupancy: number;
  ratePlans: OtaRatePlanRef[];
}
export interface OtaPropertyRef {
  id: string;
  slug: string;
  taxes: Tax[];
  roomTypes: OtaRoomTypeRef[];
}

export interface OtaRateRow extends Required<NightPartyPrices> {
  ratePlanId: string;
  night: string;
  amount: number;
}
export interface OtaRestrictionRow {
  ratePlanId: string;
  night: string;
  field: OtaRestrictionField;
  value: number | true | null;
}
export interface OtaAllotmentRow {
  roomTypeId: string;
  night: string;
  kind: 'left' | 'total';
  count: number;
}

/** The field a stamp keeps per subject and date: a date's rate with its party amounts is one, each restriction one, the allotment one. */
export type OtaStampField = 'rate' | 'allotment' | OtaRestrictionField;
export interface OtaStampKey {
  subjectId: string;
  night: string;
  field: OtaStampField;
}

/** A message resolved against the catalog: one row per (subject, date, field), the last sent winning. */
export interface OtaCommands {
  rates: OtaRateRow[];
  restrictions: OtaRestrictionRow[];
  allotments: OtaAllotmentRow[];
  errors: OtaIssue[];
  warnings: OtaIssue[];
  /** A readable name per subject id (`DBL/BAR`, `DBL`) for warnings. */
  labels: Map<string, string>;
}

export const stampKeyOf = (k: OtaStampKey): string => `${k.subjectId}|${k.night}|${k.field}`;

function issue(element: OtaElement, code: number, text: string, type: number = OTA_ERROR.type.businessRule): OtaIssue {
  return { type, code, text: `${text} (line ${element.line})`, path: element.path };
}

/** Minor units of a decimal string (scaled down by DecimalPlaces when given), or null when it has more precision than the currency. */
function minorUnits(value: string, decimalPlaces: number | null, currency: string): number | null {
  const exponent = currencyExponent(currency);
  const [whole, fraction = ''] = value.split('.');
  const digits = `${whole}${fraction}`;
  const scale = fraction.length + (decimalPlaces ?? 0);
  // value × 10^exponent / 10^scale, exact in integers.
  const shift = exponent - scale;
  if (shift >= 0) return Number(`${digits}${'0'.repeat(shift)}`);
  const cut = digits.slice(0, digits.length + shift) || '0';
  const rest = digits.slice(digits.length + shift);
  return /^0*$/.test(rest) ? Number(cut) : null;
}

/** Per night and persons: the rate share (bps) and the fixed amounts of a set of taxes. */
function taxShare(taxes: Tax[], persons: number): { bps: number; fixed: number } {
  let bps = 0;
  let fixed = 0;
  for (const t of taxes) {
    if (typeof t.rate_bps === 'number') bps += t.rate_bps;
    else if (typeof t.amount === 'number' && t.per === 'night') fixed += t.amount;
    else if (typeof t.amount === 'number' && t.per === 'person_night') fixed += t.amount * persons;
  }
  return { bps, fixed };
}

/**
 * The amount as the plan stores it: nightly amounts include the property's `included` taxes and
 * exclude the others (docs/catalog.md "Taxes and fees"). An AmountAfterTax loses the added-on
 * taxes (rate and per-night amounts); an AmountBeforeTax gains the included ones. Taxes per stay
 * cannot be shared out to one night and are left as they are.
 */
export function storedAmount(amount: OtaAmount, taxes: Tax[], persons: number, currency: string): number | null {
  const addedOn = taxShare(
    taxes.filter((t) => !t.included),
    persons,
  );
  const included = taxShare(
    taxes.filter((t) => t.included),
    persons,
  );
  const useAfter = amount.afterTax !== null && (amount.beforeTax === null || addedOn.bps + addedOn.fixed === 0);
  const raw = minorUnits((useAfter ? amount.afterTax : amount.beforeTax)!, amount.decimalPlaces, currency);
  if (raw === null) return null;
  if (useAfter) {
    if (addedOn.bps + addedOn.fixed === 0) return raw;
    return Math.round(((raw - addedOn.fixed) * 10_000) / (10_000 + addedOn.bps));
  }
  if (included.bps + included.fixed === 0) return raw;
  return Math.round((raw * (10_000 + included.bps)) / 10_000) + included.fixed;
}

/**
 * Resolves a read message against the channel's properties (`properties`, by slug): codes to ids,
 * amounts to the plan's minor units and tax basis, dates to rows. Every error at once, each naming
 * its element; a HotelCode that is not one of the channel's properties is an error whether or not
 * it exists in the tenant.
 */
export function resolveOtaCommands(request: OtaRequest, properties: OtaPropertyRef[]): OtaCommands {
  const errors: OtaIssue[] = [...request.errors];
  const warnings: OtaIssue[] = [...request.warnings];
  const labels = new Map<string, string>();
  const bySlug = new Map(properties.map((p) => [p.slug, p]));
  const rates = new Map<string, OtaRateRow>();
  const restrictions = new Map<string, OtaRestrictionRow>();
  const allotments = new Map<string, OtaAllotmentRow>();

  const propertyOf = (hotelCode: string, element: OtaElement): OtaPropertyRef | null => {
    const property = bySlug.get(hotelCode);
    if (!property)
      errors.push(
        issue(element, OTA_ERROR.code.invalidHotelCode, `HotelCode "${hotelCode}" is not a property this channel may update`, OTA_ERROR.type.authorization),
      );
    return property ?? null;
  };
  const roomTypeOf = (property: OtaPropertyRef, code: string, element: OtaElement): OtaRoomTypeRef | null => {
    const room = property.roomTypes.find((r) => r.code === code);
    if (!room) errors.push(issue(element, OTA_ERROR.code.invalidRoomType, `InvTypeCode "${code}" is not a room type of ${property.slug}`));
    return room ?? null;
  };
  /** The rate plans named by InvTypeCode and/or RatePlanCode, with their room types; null with an error pushed. */
  const plansOf = (
    property: OtaPropertyRef,
    invTypeCode: string | null,
    ratePlanCode: string | null,
    element: OtaElement,
  ): Array<{ room: OtaRoomTypeRef; plan: OtaRatePlanRef }> | null => {
    const rooms = invTypeCode === null ? property.roomTypes : [roomTypeOf(property, invTypeCode, element)];
    if (rooms.includes(null)) return null;
    const found = (rooms as OtaRoomTypeRef[]).flatMap((room) =>
      room.ratePlans.filter((plan) => ratePlanCode === null || plan.code === ratePlanCode).map((plan) => ({ room, plan })),
    );
    if (found.length === 0) {
      errors.push(
        issue(
          element,
          OTA_ERROR.code.invalidRateCode,
          `RatePlanCode "${ratePlanCode ?? ''}" is not a rate plan of ${property.slug}${invTypeCode ? `/${invTypeCode}` : ''}`,
        ),
      );
      return null;
    }
    for (const { room, plan } of found) labels.set(plan.id, `${room.code}/${plan.code}`);
    return found;
  };

  for (const update of request.allotments) {
    const property = propertyOf(update.hotelCode, update.element);
    if (!property) continue;
    if (update.invTypeCode === null) {
      errors.push(issue(update.element, OTA_ERROR.code.requiredFieldMissing, 'an availability count needs InvTypeCode on its StatusApplicationControl'));
      continue;
    }
    const room = roomTypeOf(property, update.invTypeCode, update.element);
    if (!room) continue;
    labels.set(room.id, room.code);
    for (const night of update.dates) allotments.set(`${room.id}|${night}`, { roomTypeId: room.id, night, kind: update.kind, count: update.count });
  }

  for (const update of request.restrictions) {
    const property = propertyOf(update.hotelCode, update.element);
    if (!property) continue;
    if (update.invTypeCode === null && update.ratePlanCode === null) {
      errors.push(
        issue(update.element, OTA_ERROR.code.requiredFieldMissing, 'a restriction needs RatePlanCode or InvTypeCode on its StatusApplicationControl'),
      );
      continue;
    }
    const plans = plansOf(property, update.invTypeCode, update.ratePlanCode, update.element);
    if (!plans) continue;
    for (const { plan } of plans) {
      for (const night of update.dates) {
        restrictions.set(`${plan.id}|${night}|${update.field}`, { ratePlanId: plan.id, night, field: update.field, value: update.value });
      }
    }
  }

  for (const update of request.rates) {
    const property = propertyOf(update.hotelCode, update.element);
    if (!property) continue;
    const plans = plansOf(property, update.invTypeCode, update.ratePlanCode, update.element);
    if (!plans) continue;
    if (plans.length > 1) {
      errors.push(
        issue(update.element, OTA_ERROR.code.invalidRateCode, `RatePlanCode "${update.ratePlanCode}" names rate plans of several room types: send InvTypeCode`),
      );
      continue;
    }
    const [{ room, plan }] = plans;
    const foreign = update.currencies.filter((c) => c.code !== plan.currency);
    for (const c of foreign)
      errors.push(issue(c.element, OTA_ERROR.code.invalidCurrency, `CurrencyCode "${c.code}" is not the rate plan's currency ${plan.currency}`));
    if (foreign.length > 0) continue;
    const failed: OtaAmount[] = [];
    const amountOf = (amount: OtaAmount, persons: number): number => {
      const stored = storedAmount(amount, property.taxes, persons, plan.currency);
      if (stored === null || stored < 0) {
        failed.push(amount);
        errors.push(issue(amount.element, OTA_ERROR.code.invalidValue, `the amount is not a valid amount of ${plan.currency} after the property's taxes`));
        return 0;
      }
      return stored;
    };
    const byAdults: Record<string, number> = {};
    for (const { guests, amount } of update.byGuests) byAdults[String(guests)] = amountOf(amount, guests);
    const extraAdult = update.extraAdult ? amountOf(update.extraAdult, 1) : null;
    const children = update.children.map((c) => ({ max_age: c.maxAge, amount: amountOf(c.amount, 1) })).sort((a, b) => a.max_age - b.max_age);
    let amount: number;
    if (update.base) amount = amountOf(update.base, plan.baseAdults);
    else {
      // The plan's nightly amount is for its base adults; without that count, the nearest count below it, else above.
      const counts = Object.keys(byAdults).map(Number);
      const below = counts.filter((n) => n <= plan.baseAdults);
      const chosen = below.length > 0 ? Math.max(...below) : Math.min(...counts);
      amount = byAdults[String(chosen)];
    }
    if (failed.length > 0) continue;
    const party: Required<NightPartyPrices> = {
      by_adults: Object.keys(byAdults).length > 0 ? byAdults : null,
      extra_adult: extraAdult,
      child_rates: children.length > 0 ? children : null,
    };
    const violations = nightPartyPricesViolations(party, room.maxOccupancy);
    if (violations.length > 0) {
      errors.push(issue(update.element, OTA_ERROR.code.invalidValue, violations.map((v) => `${v.path} ${v.message}`).join('; ')));
      continue;
    }
    for (const night of update.dates) rates.set(`${plan.id}|${night}`, { ratePlanId: plan.id, night, amount, ...party });
  }

  return { rates: [...rates.values()], restrictions: [...restrictions.values()], allotments: [...allotments.values()], errors, warnings, labels };
}

/** The stamp keys of a message's rows. */
export function otaStampKeys(commands: Pick<OtaCommands, 'rates' | 'restrictions' | 'allotments'>): OtaStampKey[] {
  return [
    ...commands.rates.map((r) => ({ subjectId: r.ratePlanId, night: r.night, field: 'rate' as const })),
    ...commands.restrictions.map((r) => ({ subjectId: r.ratePlanId, night: r.night, field: r.field })),
    ...commands.allotments.map((a) => ({ subjectId: a.roomTypeId, night: a.night, field: 'allotment' as const })),
  ];
}

/**
 * The ordering rule (docs/channels.md "Ordering"): a value may replace the stored one when its
 * message TimeStamp is equal to or newer than the one stored for the same subject, date and field.
 * The SQL ledger decides the same set-based; this is the rule as a function.
 */
export function stampAllows(stored: Date | null, incoming: Date): boolean {
  return stored === null || incoming.getTime() >= stored.getTime();
}

/** Drops the rows whose stamp keys are stale, answering the kept commands and one warning per subject and field (at the message's root). */
export function withoutStale(commands: OtaCommands, stale: OtaStampKey[], rootPath = '/'): OtaCommands {
  if (stale.length === 0) return commands;
  const gone = new Set(stale.map(stampKeyOf));
  const groups = new Map<string, string[]>();
  for (const key of stale) {
    const group = `${key.subjectId}|${key.field}`;
    groups.set(group, [...(groups.get(group) ?? []), key.night]);
  }
  const warnings = [...commands.warnings];
  for (const [group, nights] of groups) {
    const [subjectId, field] = group.split('|');
    nights.sort();
    const span = nights.length === 1 ? nights[0] : `${nights[0]}..${nights[nights.length - 1]}`;
    warnings.push({
      type: OTA_ERROR.type.businessRule,
      code: OTA_ERROR.code.simultaneousUpdates,
      text: `${field} of ${commands.labels.get(subjectId) ?? subjectId} not applied on ${nights.length} date(s) (${span}): a newer TimeStamp is stored`,
      path: rootPath,
    });
  }
  return {
    ...commands,
    warnings,
    rates: commands.rates.filter((r) => !gone.has(stampKeyOf({ subjectId: r.ratePlanId, night: r.night, field: 'rate' }))),
    restrictions: commands.restrictions.filter((r) => !gone.has(stampKeyOf({ subjectId: r.ratePlanId, night: r.night, field: r.field }))),
    allotments: commands.allotments.filter((a) => !gone.has(stampKeyOf({ subjectId: a.roomTypeId, night: a.night, field: 'allotment' }))),
  };
}
