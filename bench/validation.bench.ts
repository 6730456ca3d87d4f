/**
 * How long validating the chain's request bodies takes, per validator (docs/performance.md,
 * "Framework patches"): the api's class-validator pipe, the zod schemas of the same tools (MCP), and ajv
 * compiled from those schemas' JSON Schema. Valid and invalid bodies, µs per call.
 *
 *   npm run build --silent && node dist/bench/validation.bench.js
 */
import 'reflect-metadata';
import Ajv from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { RequestValidationPipe } from '../apps/api/src/http/request-validation.pipe';
import { CreateBookingRequestDto } from '../apps/api/src/bookings/dto/bookings.request.dto';
import { CreateHoldRequestDto } from '../apps/api/src/holds/dto/holds.request.dto';
import { CreateQuoteRequestDto } from '../apps/api/src/quotes/dto/quotes.request.dto';
import { createQuoteTool } from '../apps/api/src/mcp/tools/create-quote.tool';
import { createHoldTool } from '../apps/api/src/mcp/tools/create-hold.tool';
import { confirmBookingTool } from '../apps/api/src/mcp/tools/confirm-booking.tool';

const ID = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
const bodies = {
  quote: {
    valid: { hotel_id: ID, room_type_id: ID, rate_plan_id: ID, stay: { check_in: '2027-01-10', check_out: '2027-01-12' }, guests: { adults: 2 } },
    invalid: { hotel_id: 'x', room_type_id: ID, stay: { check_in: '2027-13-10' }, guests: { adults: 0 }, extra: 1 },
  },
  hold: { valid: { quote_id: ID }, invalid: { quote_id: 'nope', extra: true } },
  booking: {
    valid: {
      hold_id: ID,
      quote_id: ID,
      guest: { primary: { full_name: 'Ada Lovelace', email: 'ada@example.com', phone: '+33123456789' } },
      payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
    },
    invalid: { hold_id: ID, guest: { primary: { email: 'nope' } }, payment: { method: 'cash', billing_country: 'fr' } },
  },
};

function time(label: string, fn: () => void, iterations = 20_000): number {
  for (let i = 0; i < 2_000; i++) fn();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  const us = Number(process.hrtime.bigint() - start) / 1000 / iterations;
  console.log(`${label.padEnd(40)} ${us.toFixed(2)} µs`);
  return us;
}

const quiet = (fn: () => unknown) => () => {
  try {
    fn();
  } catch {
    // an invalid body throws validation_failed; the cost of building it is part of the measure
  }
};

const pipe = new RequestValidationPipe();
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const cases = [
  { name: 'quote', dto: CreateQuoteRequestDto, input: createQuoteTool.input },
  { name: 'hold', dto: CreateHoldRequestDto, input: createHoldTool.input },
  { name: 'booking', dto: CreateBookingRequestDto, input: confirmBookingTool.input },
] as const;

for (const c of cases) {
  const schema = z.strictObject(c.input as z.ZodRawShape);
  const compiled = ajv.compile(z.toJSONSchema(schema, { io: 'input' }));
  for (const kind of ['valid', 'invalid'] as const) {
    const body = bodies[c.name][kind];
    time(
      `${c.name} ${kind}: class-validator pipe`,
      quiet(() => pipe.transform(body, { type: 'body', metatype: c.dto })),
    );
    time(`${c.name} ${kind}: zod safeParse`, () => schema.safeParse(body));
    time(`${c.name} ${kind}: ajv compiled`, () => compiled(body));
  }
}
