import { z } from 'zod';

/**
 * What the tools share beyond their DTOs: a path id (checked like a REST path id, not by a DTO),
 * the descriptions of the chain's shared request parts (their limits come from the DTOs through
 * `dtoArguments`), and the annotations of a read.
 */
export const UUID = z.uuid();

/** A stay (`StayRequestDto`, `StayDto`): descriptions by argument path. */
export const STAY_DESCRIPTIONS = {
  stay: '1 to 30 nights, check-in from today up to 365 days ahead',
  'stay.check_in': 'YYYY-MM-DD in the property time zone',
  'stay.check_out': 'YYYY-MM-DD, exclusive: the morning the guest leaves',
} as const;

/** A party (`GuestsRequestDto`, `GuestsDto`). */
export const GUESTS_DESCRIPTIONS = { 'guests.children': 'One entry per child with its age; default none' } as const;

/** The `currency` query of the property reads (`CurrencyQueryDto`). */
export const CURRENCY_DESCRIPTIONS = {
  currency: 'Convert display prices to this currency (3 uppercase letters) with the FX table; the answer says so',
} as const;

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
