import { epochDay, isoDateOfEpochDay } from '../../stay/calendar';
import { MAX_ARI_RANGE_NIGHTS } from '../../catalog/rules/catalog-input';
import { STAY_RESTRICTION_LIMITS } from '../../stay/stay-restrictions';
import { childNamed, childrenNamed, OtaElement } from './ota-xml';

/** The three ARI messages taken in (docs/channels.md). */
export const OTA_MESSAGES = ['OTA_HotelAvailNotifRQ', 'OTA_HotelRateAmountNotifRQ', 'OTA_HotelInvCountNotifRQ'] as const;
export type OtaMessageName = (typeof OTA_MESSAGES)[number];

export function isOtaMessage(value: string): value is OtaMessageName {
  return (OTA_MESSAGES as readonly string[]).includes(value);
}

/** The answer's root element of a message: `…RQ` → `…RS`. */
export function otaAnswerName(message: OtaMessageName): string {
  return `${message.slice(0, -2)}RS`;
}

/**
 * An `<Error>` or `<Warning>` of an answer: OpenTravel's error type (EWT) and code (ERR), a text,
 * and the XPath-like locator of the element that caused it (`NodeList`).
 */
export interface OtaIssue {
  type: number;
  code: number;
  text: string;
  path: string;
}

/** OpenTravel error types (EWT) and codes (ERR) the answers use (docs/channels.md "Errors"). */
export const OTA_ERROR = {
  /** EWT 3 business rule, 6 authorization, 7 protocol violation. */
  type: { businessRule: 3, authorization: 6, protocol: 7 },
  code: {
    invalidDate: 15,
    invalidCurrency: 61,
    invalidRateCode: 249,
    invalidValue: 320,
    requiredFieldMissing: 321,
    invalidHotelCode: 392,
    invalidRoomType: 402,
    invalidDateRange: 404,
    simultaneousUpdates: 447,
    unableToProcess: 450,
    /** Used on a Warning: a lowered allotment left nights with more held or sold than it allows. */
    oversold: 28,
  },
} as const;

function issue(element: OtaElement, code: number, text: string, type: number = OTA_ERROR.type.businessRule): OtaIssue {
  return { type, code, text: `${text} (line ${element.line})`, path: element.path };
}

/** A stay restriction field set by a message. */
export type OtaRestrictionField =
  'min_stay_arrival' | 'max_stay_arrival' | 'min_stay_through' | 'max_stay_through' | 'closed_to_arrival' | 'closed_to_departure' | 'stop_sell';

/** Which product and dates an update targets, as the message names them. */
export interface OtaTarget {
  hotelCode: string;
  invTypeCode: string | null;
  ratePlanCode: string | null;
  /** Every date chosen by Start..End (inclusive) and the weekday flags, ascending. */
  dates: string[];
  /** The element the update comes from (errors name it). */
  element: OtaElement;
}

export interface OtaRestrictionUpdate extends OtaTarget {
  field: OtaRestrictionField;
  /** A number of nights, `true` (closed), or null (cleared). */
  value: number | true | null;
}

export interface OtaAllotmentUpdate extends OtaTarget {
  /** `left`: rooms left to sell (allotment = sold + held + count); `total`: the allotment itself. */
  kind: 'left' | 'total';
  count: number;
}

/** An amount as sent: a decimal string, scaled by DecimalPlaces when given, before or after tax. */
export interface OtaAmount {
  beforeTax: string | null;
  afterTax: string | null;
  decimalPlaces: number | null;
  element: OtaElement;
}

export interface OtaRateUpdate extends OtaTarget {
  /** Currency codes sent on the Rate and its amounts, each with its element. */
  currencies: Array<{ code: string; element: OtaElement }>;
  /** `BaseByGuestAmt` without NumberOfGuests. */
  base: OtaAmount | null;
  /** `BaseByGuestAmt NumberOfGuests="n"` (adults). */
  byGuests: Array<{ guests: number; amount: OtaAmount }>;
  extraAdult: OtaAmount | null;
  children: Array<{ maxAge: number; amount: OtaAmount }>;
}

/** A message read into updates, before its codes are looked up. */
export interface OtaRequest {
  message: OtaMessageName;
  echoToken: string | null;
  /** The message TimeStamp as sent, and as an instant (null when absent). */
  timeStamp: string | null;
  stampedAt: Date | null;
  version: string | null;
  restrictions: OtaRestrictionUpdate[];
  allotments: OtaAllotmentUpdate[];
  rates: OtaRateUpdate[];
  errors: OtaIssue[];
  warnings: OtaIssue[];
}

const WEEKDAY_FLAGS = ['Mon', 'Tue', 'Weds', 'Thur', 'Fri', 'Sat', 'Sun'] as const;
const TRUE = new Set(['true', '1']);
const FALSE = new Set(['false', '0']);
const INTEGER = /^\d{1,9}$/;
/** An xs:dateTime with an optional zone (a zone-less one is read as UTC). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

/**
 * Most values (dates × updates) one message may carry: a year of rates and restrictions for a
 * large property fits many times; a 16 MB body of long ranges does not expand past it.
 */
export const OTA_MAX_VALUES = 400_000;

/** What is left of `OTA_MAX_VALUES` while a message is read; one error when it runs out. */
interface Budget {
  left: number;
  refused: boolean;
}

function refuseOver(budget: Budget, element: OtaElement, errors: OtaIssue[]): void {
  if (budget.refused) return;
  budget.refused = true;
  errors.push(
    issue(
      element,
      OTA_ERROR.code.unableToProcess,
      `the message carries more than ${OTA_MAX_VALUES} values (dates × updates): send it in parts`,
      OTA_ERROR.type.protocol,
    ),
  );
}

/** Takes `count` values from the budget, or refuses the message once. */
function spend(budget: Budget, count: number, element: OtaElement, errors: OtaIssue[]): boolean {
  if (count <= budget.left) {
    budget.left -= count;
    return true;
  }
  refuseOver(budget, element, errors);
  return false;
}

const LOS_FIELDS: Record<string, OtaRestrictionField> = {
  SetMinLOS: 'min_stay_arrival',
  SetMaxLOS: 'max_stay_arrival',
  SetForwardMinStay: 'min_stay_through',
  SetForwardMaxStay: 'max_stay_through',
};

const STATUS_FIELDS: Record<string, OtaRestrictionField> = {
  Arrival: 'closed_to_arrival',
  Departure: 'closed_to_departure',
  Master: 'stop_sell',
};

/** The dates of a `StatusApplicationControl` (or a `Rate` with its own Start/End), or null with errors pushed. */
function datesOf(element: OtaElement, errors: OtaIssue[], budget: Budget): string[] | null {
  const { Start: start, End: end } = element.attributes;
  if (start === undefined || end === undefined) {
    errors.push(issue(element, OTA_ERROR.code.requiredFieldMissing, `${element.name} needs Start and End`));
    return null;
  }
  const from = epochDay(start);
  const to = epochDay(end);
  if (from === null || to === null) {
    errors.push(issue(element, OTA_ERROR.code.invalidDate, `Start and End must be real dates in YYYY-MM-DD form, got "${start}" and "${end}"`));
    return null;
  }
  if (to < from || to - from + 1 > MAX_ARI_RANGE_NIGHTS) {
    errors.push(issue(element, OTA_ERROR.code.invalidDateRange, `End must not be before Start and the range may span at most ${MAX_ARI_RANGE_NIGHTS} dates`));
    return null;
  }
  if (to - from + 1 > budget.left) {
    refuseOver(budget, element, errors);
    return null;
  }
  const flags = WEEKDAY_FLAGS.map((flag) => element.attributes[flag]);
  const bad = WEEKDAY_FLAGS.filter((flag, i) => flags[i] !== undefined && !TRUE.has(flags[i]!) && !FALSE.has(flags[i]!));
  if (bad.length > 0) {
    errors.push(issue(element, OTA_ERROR.code.invalidValue, `weekday flags ${bad.join(', ')} must be true, false, 1 or 0`));
    return null;
  }
  const anyFlag = flags.some((f) => f !== undefined);
  const dates: string[] = [];
  for (let day = from; day <= to; day++) {
    // Epoch day 0 (1970-01-01) was a Thursday: ISO weekday index Monday 0 … Sunday 6.
    const weekday = (((day + 3) % 7) + 7) % 7;
    if (!anyFlag || TRUE.has(flags[weekday] ?? '')) dates.push(isoDateOfEpochDay(day));
  }
  return dates;
}

function targetOf(hotelCode: string, control: OtaElement | null, parent: OtaElement, errors: OtaIssue[], budget: Budget): OtaTarget | null {
  if (!control) {
    errors.push(issue(parent, OTA_ERROR.code.requiredFieldMissing, `${parent.name} needs a StatusApplicationControl`));
    return null;
  }
  const dates = datesOf(control, errors, budget);
  if (!dates) return null;
  return {
    hotelCode,
    invTypeCode: control.attributes.InvTypeCode ?? control.attributes.InvCode ?? null,
    ratePlanCode: control.attributes.RatePlanCode ?? null,
    dates,
    element: control,
  };
}

function amountOf(element: OtaElement, errors: OtaIssue[], attribute?: 'Amount'): OtaAmount | null {
  const decimals = element.attributes.DecimalPlaces;
  if (decimals !== undefined && !/^[0-6]$/.test(decimals)) {
    errors.push(issue(element, OTA_ERROR.code.invalidValue, 'DecimalPlaces must be an integer from 0 to 6'));
    return null;
  }
  const taxInclusive = element.attributes.TaxInclusive;
  let beforeTax = element.attributes.AmountBeforeTax ?? null;
  let afterTax = element.attributes.AmountAfterTax ?? null;
  if (attribute && element.attributes.Amount !== undefined) {
    if (TRUE.has(taxInclusive ?? '')) afterTax = afterTax ?? element.attributes.Amount;
    else beforeTax = beforeTax ?? element.attributes.Amount;
  }
  if (beforeTax === null && afterTax === null) {
    errors.push(issue(element, OTA_ERROR.code.requiredFieldMissing, `${element.name} needs AmountBeforeTax or AmountAfterTax${attribute ? ' or Amount' : ''}`));
    return null;
  }
  const bad = [beforeTax, afterTax].filter((v) => v !== null && !AMOUNT.test(v));
  if (bad.length > 0) {
    errors.push(issue(element, OTA_ERROR.code.invalidValue, `amounts must be decimal numbers of 0 or more, got "${bad.join('", "')}"`));
    return null;
  }
  return { beforeTax, afterTax, decimalPlaces: decimals === undefined ? null : Number(decimals), element };
}

function readAvail(root: OtaElement, request: OtaRequest, budget: Budget): void {
  for (const group of childrenNamed(root, 'AvailStatusMessages')) {
    const hotelCode = group.attributes.HotelCode;
    if (!hotelCode) {
      request.errors.push(issue(group, OTA_ERROR.code.requiredFieldMissing, 'AvailStatusMessages needs HotelCode'));
      continue;
    }
    for (const message of childrenNamed(group, 'AvailStatusMessage')) {
      const target = targetOf(hotelCode, childNamed(message, 'StatusApplicationControl'), message, request.errors, budget);
      if (!target) continue;
      let updates = 0;
      const limit = message.attributes.BookingLimit;
      if (limit !== undefined) {
        updates++;
        if (!INTEGER.test(limit))
          request.errors.push(issue(message, OTA_ERROR.code.invalidValue, `BookingLimit must be an integer of 0 or more, got "${limit}"`));
        else if (spend(budget, target.dates.length, message, request.errors))
          request.allotments.push({ ...target, element: message, kind: 'left', count: Number(limit) });
      }
      for (const los of childrenNamed(message, 'LengthsOfStay').flatMap((l) => childrenNamed(l, 'LengthOfStay'))) {
        updates++;
        const type = los.attributes.MinMaxMessageType;
        const field = type === undefined ? undefined : LOS_FIELDS[type];
        const time = los.attributes.Time;
        const unit = los.attributes.TimeUnit;
        if (!field) {
          request.errors.push(
            issue(los, OTA_ERROR.code.invalidValue, `MinMaxMessageType must be one of ${Object.keys(LOS_FIELDS).join(', ')}, got "${type ?? ''}"`),
          );
        } else if (unit !== undefined && unit !== 'Day') {
          request.errors.push(issue(los, OTA_ERROR.code.invalidValue, `TimeUnit must be Day, got "${unit}"`));
        } else if (time === undefined || !INTEGER.test(time) || Number(time) > STAY_RESTRICTION_LIMITS.stay.max) {
          request.errors.push(
            issue(los, OTA_ERROR.code.invalidValue, `Time must be a number of nights from 0 (clears) to ${STAY_RESTRICTION_LIMITS.stay.max}`),
          );
        } else if (spend(budget, target.dates.length, los, request.errors)) {
          request.restrictions.push({ ...target, element: los, field, value: Number(time) === 0 ? null : Number(time) });
        }
      }
      for (const status of childrenNamed(message, 'RestrictionStatus')) {
        updates++;
        const restriction = status.attributes.Restriction ?? 'Master';
        const field = STATUS_FIELDS[restriction];
        const value = status.attributes.Status;
        if (!field) {
          request.errors.push(issue(status, OTA_ERROR.code.invalidValue, `Restriction must be Arrival, Departure or Master, got "${restriction}"`));
        } else if (value !== 'Open' && value !== 'Close') {
          request.errors.push(issue(status, OTA_ERROR.code.invalidValue, `Status must be Open or Close, got "${value ?? ''}"`));
        } else if (spend(budget, target.dates.length, status, request.errors)) {
          request.restrictions.push({ ...target, element: status, field, value: value === 'Close' ? true : null });
        }
      }
      if (updates === 0)
        request.errors.push(
          issue(message, OTA_ERROR.code.requiredFieldMissing, 'AvailStatusMessage carries no BookingLimit, LengthOfStay or RestrictionStatus'),
        );
    }
  }
}

function readInventory(root: OtaElement, request: OtaRequest, budget: Budget): void {
  for (const group of childrenNamed(root, 'Inventories')) {
    const hotelCode = group.attributes.HotelCode;
    if (!hotelCode) {
      request.errors.push(issue(group, OTA_ERROR.code.requiredFieldMissing, 'Inventories needs HotelCode'));
      continue;
    }
    for (const inventory of childrenNamed(group, 'Inventory')) {
      const target = targetOf(hotelCode, childNamed(inventory, 'StatusApplicationControl'), inventory, request.errors, budget);
      if (!target) continue;
      const counts = childrenNamed(inventory, 'InvCounts').flatMap((c) => childrenNamed(c, 'InvCount'));
      if (counts.length === 0) request.errors.push(issue(inventory, OTA_ERROR.code.requiredFieldMissing, 'Inventory needs an InvCounts/InvCount'));
      for (const count of counts) {
        const type = count.attributes.CountType;
        const value = count.attributes.Count;
        if (type !== '1' && type !== '2') {
          request.errors.push(
            issue(count, OTA_ERROR.code.invalidValue, `CountType must be 1 (total allotment) or 2 (rooms left to sell), got "${type ?? ''}"`),
          );
        } else if (value === undefined || !INTEGER.test(value)) {
          request.errors.push(issue(count, OTA_ERROR.code.invalidValue, `Count must be an integer of 0 or more, got "${value ?? ''}"`));
        } else if (spend(budget, target.dates.length, count, request.errors)) {
          request.allotments.push({ ...target, element: count, kind: type === '2' ? 'left' : 'total', count: Number(value) });
        }
      }
    }
  }
}

function readRates(root: OtaElement, request: OtaRequest, budget: Budget): void {
  const { errors, warnings } = request;
  for (const group of childrenNamed(root, 'RateAmountMessages')) {
    const hotelCode = group.attributes.HotelCode;
    if (!hotelCode) {
      errors.push(issue(group, OTA_ERROR.code.requiredFieldMissing, 'RateAmountMessages needs HotelCode'));
      continue;
    }
    for (const message of childrenNamed(group, 'RateAmountMessage')) {
      const target = targetOf(hotelCode, childNamed(message, 'StatusApplicationControl'), message, errors, budget);
      if (!target) continue;
      if (!target.ratePlanCode) {
        errors.push(issue(target.element, OTA_ERROR.code.requiredFieldMissing, 'a rate update needs RatePlanCode'));
        continue;
      }
      const rates = childrenNamed(message, 'Rates').flatMap((r) => childrenNamed(r, 'Rate'));
      if (rates.length === 0) errors.push(issue(message, OTA_ERROR.code.requiredFieldMissing, 'RateAmountMessage needs Rates/Rate'));
      for (const rate of rates) {
        const dates = rate.attributes.Start !== undefined || rate.attributes.End !== undefined ? datesOf(rate, errors, budget) : target.dates;
        if (!dates) continue;
        const update: OtaRateUpdate = { ...target, dates, element: rate, currencies: [], base: null, byGuests: [], extraAdult: null, children: [] };
        const currency = (element: OtaElement) => {
          if (element.attributes.CurrencyCode !== undefined) update.currencies.push({ code: element.attributes.CurrencyCode, element });
        };
        currency(rate);
        for (const amount of childrenNamed(rate, 'BaseByGuestAmts').flatMap((b) => childrenNamed(b, 'BaseByGuestAmt'))) {
          currency(amount);
          const age = amount.attributes.AgeQualifyingCode;
          if (age !== undefined && age !== '10') {
            warnings.push(
              issue(
                amount,
                OTA_ERROR.code.invalidValue,
                `BaseByGuestAmt for AgeQualifyingCode ${age} is not applied: children are priced by AdditionalGuestAmount brackets`,
              ),
            );
            continue;
          }
          const value = amountOf(amount, errors);
          if (!value) continue;
          const guests = amount.attributes.NumberOfGuests;
          if (guests === undefined) update.base = value;
          else if (!/^[1-9]\d?$/.test(guests))
            errors.push(issue(amount, OTA_ERROR.code.invalidValue, `NumberOfGuests must be an integer from 1, got "${guests}"`));
          else update.byGuests.push({ guests: Number(guests), amount: value });
        }
        for (const extra of childrenNamed(rate, 'AdditionalGuestAmounts').flatMap((a) => childrenNamed(a, 'AdditionalGuestAmount'))) {
          currency(extra);
          const age = extra.attributes.AgeQualifyingCode;
          const value = amountOf(extra, errors, 'Amount');
          if (!value) continue;
          if (age === '10') update.extraAdult = value;
          else if (age === '8') {
            const maxAge = extra.attributes.MaxAge;
            if (maxAge === undefined) errors.push(issue(extra, OTA_ERROR.code.requiredFieldMissing, 'a child amount (AgeQualifyingCode 8) needs MaxAge'));
            else if (!/^\d{1,2}$/.test(maxAge) || Number(maxAge) > 17)
              errors.push(issue(extra, OTA_ERROR.code.invalidValue, `MaxAge must be an age from 0 to 17, got "${maxAge}"`));
            else update.children.push({ maxAge: Number(maxAge), amount: value });
          } else errors.push(issue(extra, OTA_ERROR.code.invalidValue, `AgeQualifyingCode must be 10 (adult) or 8 (child), got "${age ?? ''}"`));
        }
        if (!update.base && update.byGuests.length === 0) {
          errors.push(issue(rate, OTA_ERROR.code.requiredFieldMissing, 'a Rate needs a BaseByGuestAmts/BaseByGuestAmt'));
          continue;
        }
        if (spend(budget, update.dates.length, rate, errors)) request.rates.push(update);
      }
    }
  }
}

/**
 * Reads a parsed message into updates with every structural error at once (each with its
 * element's locator). `message` is the message the path named; a root of another name is an error.
 */
export function readOtaRequest(message: OtaMessageName, root: OtaElement): OtaRequest {
  const { EchoToken: echoToken, TimeStamp: timeStamp, Version: version } = root.attributes;
  const request: OtaRequest = {
    message,
    echoToken: echoToken ?? null,
    timeStamp: timeStamp ?? null,
    stampedAt: null,
    version: version ?? null,
    restrictions: [],
    allotments: [],
    rates: [],
    errors: [],
    warnings: [],
  };
  if (root.name !== message) {
    request.errors.push(issue(root, OTA_ERROR.code.unableToProcess, `the document is ${root.name}, not ${message}`, OTA_ERROR.type.protocol));
    return request;
  }
  if (echoToken !== undefined && (echoToken.length < 1 || echoToken.length > 128)) {
    request.errors.push(issue(root, OTA_ERROR.code.invalidValue, 'EchoToken must be 1 to 128 characters'));
  }
  if (timeStamp !== undefined) {
    const instant = DATE_TIME.test(timeStamp) ? new Date(/(Z|[+-]\d{2}:\d{2})$/.test(timeStamp) ? timeStamp : `${timeStamp}Z`) : null;
    if (!instant || Number.isNaN(instant.getTime()))
      request.errors.push(issue(root, OTA_ERROR.code.invalidValue, `TimeStamp must be an xs:dateTime, got "${timeStamp}"`));
    else request.stampedAt = instant;
  }
  const budget: Budget = { left: OTA_MAX_VALUES, refused: false };
  if (message === 'OTA_HotelAvailNotifRQ') readAvail(root, request, budget);
  else if (message === 'OTA_HotelInvCountNotifRQ') readInventory(root, request, budget);
  else readRates(root, request, budget);
  if (request.errors.length === 0 && request.restrictions.length + request.allotments.length + request.rates.length === 0) {
    request.errors.push(issue(root, OTA_ERROR.code.requiredFieldMissing, `${message} carries no update`));
  }
  return request;
}
