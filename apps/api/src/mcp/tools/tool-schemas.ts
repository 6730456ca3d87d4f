import { z } from 'zod';
import { CLIENT_REFERENCE_PATTERN } from '@hcs/domain';

/** Zod parts of the tools' arguments, with the limits of the REST DTOs they mirror. */
export const DATE = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('YYYY-MM-DD in the property time zone');

export const UUID = z.uuid();

/** A client_reference (docs/booking-chain.md "After a timeout"). */
export const CLIENT_REFERENCE = z.string().regex(CLIENT_REFERENCE_PATTERN);

export const stay = z
  .object({ check_in: DATE, check_out: DATE.describe('YYYY-MM-DD, exclusive: the morning the guest leaves') })
  .strict()
  .describe('1 to 30 nights, check-in from today up to 365 days ahead');

export const guests = z
  .object({
    adults: z.number().int().min(1).max(20),
    children: z
      .array(z.object({ age: z.number().int().min(0).max(17) }).strict())
      .max(20)
      .optional()
      .describe('One entry per child with its age; default none'),
  })
  .strict();

export const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional()
  .describe('Convert display prices to this currency (3 uppercase letters) with the FX table; the answer says so');

export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;
