import { Type as Nested } from 'class-transformer';
import {
  ArrayMaxSize,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsPositive,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { z } from 'zod';
import { IsCalendarDate } from '../http/calendar-date.validator';
import { MAX_MONEY_MINOR_UNITS } from '../http/dto/money.request.dto';
import { dtoArguments } from './dto-arguments';
import type { McpTool } from './mcp-tool';
import { MCP_TOOLS } from './tools';

const LIMIT = 7;

class PartDto {
  @IsInt()
  @Min(0)
  @Max(LIMIT)
  n: number;
}

class SampleDto {
  @IsString()
  @Length(2, LIMIT)
  text: string;

  @IsOptional()
  @Matches(/^[A-Z]{3}$/)
  code?: string;

  @IsUUID('all')
  id: string;

  @IsEmail()
  email: string;

  @IsIn(['a', 'b'])
  kind: string;

  @IsObject()
  bag: Record<string, unknown>;

  @ValidateNested()
  @Nested(() => PartDto)
  part: PartDto;

  @IsOptional()
  @ArrayMaxSize(LIMIT)
  @ValidateNested({ each: true })
  @Nested(() => PartDto)
  parts?: PartDto[];
}

const jsonSchema = (shape: z.ZodRawShape) => {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(z.object(shape).strict(), { io: 'input' });
  return schema;
};

describe('dtoArguments: the MCP arguments read from a DTO', () => {
  it('states every class-validator limit of the DTO, nested parts strict', () => {
    const schema = jsonSchema(dtoArguments(SampleDto, { describe: { 'part.n': 'A count', parts: 'Some parts' } }));
    expect(schema).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: ['text', 'id', 'email', 'kind', 'bag', 'part'],
      properties: {
        text: { type: 'string', minLength: 2, maxLength: LIMIT },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
        id: { type: 'string', format: 'uuid' },
        email: { type: 'string', format: 'email' },
        kind: { type: 'string', enum: ['a', 'b'] },
        bag: { type: 'object' },
        part: {
          type: 'object',
          additionalProperties: false,
          required: ['n'],
          properties: { n: { type: 'integer', minimum: 0, maximum: LIMIT, description: 'A count' } },
        },
        parts: { type: 'array', maxItems: LIMIT, description: 'Some parts', items: { type: 'object', properties: { n: { maximum: LIMIT } } } },
      },
    });
  });

  it('states a calendar date as format date with a pattern that has only real days', () => {
    class Night {
      @IsCalendarDate()
      night: string;
    }
    const night = jsonSchema(dtoArguments(Night)).properties?.night as { format?: string; pattern?: string };
    expect(night).toMatchObject({ type: 'string', format: 'date' });
    const pattern = new RegExp(night.pattern as string);
    expect(['2027-05-10', '2028-02-29'].map((d) => pattern.test(d))).toEqual([true, true]);
    expect(['2027-02-30', '2027-13-45', '2027-02-29', '2027-5-1'].map((d) => pattern.test(d))).toEqual([false, false, false, false]);
  });

  it('follows a changed limit: the schema is read from the decorators, not restated', () => {
    class Wider {
      @IsInt()
      @Min(0)
      @Max(LIMIT * 3)
      n: number;
    }
    expect(jsonSchema(dtoArguments(Wider)).properties).toEqual({ n: { type: 'integer', minimum: 0, maximum: LIMIT * 3 } });
  });

  it('omits, renames and requires fields as the tool says', () => {
    const schema = jsonSchema(dtoArguments(SampleDto, { omit: ['id', 'email', 'kind', 'bag', 'part', 'parts'], rename: { text: 'label' }, require: ['code'] }));
    expect(Object.keys(schema.properties ?? {})).toEqual(['label', 'code']);
    expect(schema.required).toEqual(['label', 'code']);
  });

  it('refuses a decorator it cannot state, rather than advertising a laxer schema', () => {
    class Unstated {
      @IsInt()
      @IsPositive()
      n: number;
    }
    expect(() => dtoArguments(Unstated)).toThrow(/IsPositive|isPositive/);
    class EachString {
      @IsString({ each: true })
      tags: string[];
    }
    expect(() => dtoArguments(EachString)).toThrow(/each element/);
  });

  it('refuses a description for an argument the DTO does not have (it would be lost)', () => {
    expect(() => dtoArguments(PartDto, { describe: { m: 'A typo' } })).toThrow(/no argument m/);
    expect(() => dtoArguments(SampleDto, { describe: { 'part.m': 'A typo' } })).toThrow(/no argument part.m/);
  });
});

/**
 * The advertised schema and the REST DTO that validates the call agree on both sides of each
 * limit: a value the schema accepts, the DTO accepts; one past the limit, both refuse.
 */
describe('each tool: inputSchema and the DTO agree at the limits', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const tool = (name: string) => MCP_TOOLS.find((t) => t.name === name)!;
  const schemaAccepts = (t: McpTool, args: Record<string, unknown>) => ajv.validate(jsonSchema(t.input), args);
  const dtoAccepts = (t: McpTool, args: Record<string, unknown>) => {
    try {
      t.validate(t.request?.(args) ?? { params: {}, body: args });
      return true;
    } catch {
      return false;
    }
  };
  const uuid = '00000000-0000-4000-8000-000000000001';
  const stay = { check_in: '2027-05-01', check_out: '2027-05-03' };
  const children = (n: number) => Array.from({ length: n }, () => ({ age: 5 }));
  const text = (n: number) => 'x'.repeat(n);
  const booking = {
    hold_id: uuid,
    quote_id: uuid,
    guest: { primary: { full_name: 'Ada', email: 'ada@example.com', phone: '+33 1 23' } },
    payment: { method: 'card', provider_token: 'tok_visa', billing_country: 'FR' },
  };
  const price = (amount: number) => ({ max_price_per_night: { amount, currency: 'EUR' } });

  const cases: Array<[tool: string, args: Record<string, unknown>, valid: boolean]> = [
    ['search', { stay, guests: { adults: 20 } }, true],
    ['search', { stay, guests: { adults: 21 } }, false],
    ['search', { stay, guests: { adults: 0 } }, false],
    ['search', { stay, guests: { adults: 1, children: children(20) } }, true],
    ['search', { stay, guests: { adults: 1, children: children(21) } }, false],
    ['search', { stay, guests: { adults: 1, children: [{ age: 18 }] } }, false],
    ['search', { stay: { check_in: '2027-5-1', check_out: '2027-05-03' }, guests: { adults: 1 } }, false],
    // Calendar-impossible dates have the shape but no day (docs/security.md "Calendar-impossible dates").
    ['search', { stay: { check_in: '2028-02-29', check_out: '2028-03-01' }, guests: { adults: 1 } }, true],
    ['search', { stay: { check_in: '2027-02-30', check_out: '2027-03-02' }, guests: { adults: 1 } }, false],
    ['search', { stay: { check_in: '2027-05-01', check_out: '2027-13-45' }, guests: { adults: 1 } }, false],
    [
      'create_quote',
      { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay: { check_in: '2027-02-30', check_out: '2027-03-02' }, guests: { adults: 2 } },
      false,
    ],
    ['modify_booking', { booking_id: uuid, stay }, true],
    ['modify_booking', { booking_id: uuid, stay: { check_in: '2027-13-45', check_out: '2027-05-03' } }, false],
    ['search', { stay, guests: { adults: 1 }, constraints: price(MAX_MONEY_MINOR_UNITS) }, true],
    ['search', { stay, guests: { adults: 1 }, constraints: price(MAX_MONEY_MINOR_UNITS + 1) }, false],
    ['search', { stay, guests: { adults: 1 }, constraints: { meal_plan: 'breakfast' } }, true],
    ['search', { stay, guests: { adults: 1 }, constraints: { meal_plan: 'brunch' } }, false],
    ['search', { stay, guests: { adults: 1 }, destination: { type: 'area', value: text(201) } }, false],
    ['search', { stay, guests: { adults: 1 }, extra: true }, false],
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, guests: { adults: 2 } }, true],
    ['create_quote', { hotel_id: 'nope', room_type_id: uuid, rate_plan_id: uuid, stay, guests: { adults: 2 } }, false],
    // The quote DTO sets no count of children (the room's occupancy does): neither side does.
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, guests: { adults: 1, children: children(21) } }, true],
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, rooms: [{ adults: 2 }, { adults: 1, children: [{ age: 4 }] }] }, true],
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, rooms: Array.from({ length: 8 }, () => ({ adults: 1 })) }, true],
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, rooms: Array.from({ length: 9 }, () => ({ adults: 1 })) }, false],
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, rooms: [] }, false],
    ['create_quote', { hotel_id: uuid, room_type_id: uuid, rate_plan_id: uuid, stay, rooms: [{ adults: 0 }] }, false],
    ['confirm_booking', booking, true],
    ['confirm_booking', { ...booking, guest: { primary: { ...booking.guest.primary, full_name: text(201) } } }, false],
    ['confirm_booking', { ...booking, guest: { primary: { ...booking.guest.primary, phone: '12' } } }, false],
    ['confirm_booking', { ...booking, guest: { primary: { ...booking.guest.primary, email: 'nope' } } }, false],
    ['confirm_booking', { ...booking, payment: { ...booking.payment, billing_country: 'fr' } }, false],
    ['confirm_booking', { ...booking, payment: { ...booking.payment, method: 'cash' } }, false],
    ['confirm_booking', { ...booking, client_reference: text(64) }, true],
    ['confirm_booking', { ...booking, client_reference: text(65) }, false],
    ['find_booking', { client_reference: 'trip-1:room-2' }, true],
    ['find_booking', { client_reference: 'trip 1' }, false],
    ['cancel_booking', { booking_id: uuid, reason: text(500) }, true],
    ['cancel_booking', { booking_id: uuid, reason: text(501) }, false],
    ['get_property', { property_id: uuid, currency: 'USD' }, true],
    ['get_property', { property_id: uuid, currency: 'usd' }, false],
    ['get_property_full', { slug: text(120) }, true],
    ['get_property_full', { slug: text(121) }, false],
    ['verify_receipt', { receipt: { a: 1 } }, true],
    ['verify_receipt', { receipt: 'x' }, false],
    ['start_advisor_session', { property_slug: text(120), locale: 'pt-BR' }, true],
    ['start_advisor_session', { property_slug: text(121) }, false],
    ['start_advisor_session', { property_slug: 'x', locale: 'p' }, false],
    ['ask_advisor', { session_id: 's', message: text(2000) }, true],
    ['ask_advisor', { session_id: 's', message: text(2001) }, false],
    ['get_advisor_session', { session_id: 's', limit: 100, cursor: text(512) }, true],
    ['get_advisor_session', { session_id: 's', limit: 101 }, false],
    ['get_advisor_session', { session_id: 's', cursor: text(513) }, false],
  ];

  it.each(cases.map(([name, args, valid], i) => ({ name, i, args, valid })))('$name, case $i: valid $valid on both sides', ({ name, args, valid }) => {
    expect({ schema: schemaAccepts(tool(name), args), dto: dtoAccepts(tool(name), args) }).toEqual({ schema: valid, dto: valid });
  });
});
