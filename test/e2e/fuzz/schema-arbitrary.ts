import fc from 'fast-check';

/** The subset of JSON Schema (OpenAPI 3) our DTOs produce. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
}

export interface SchemaContext {
  components: Record<string, Schema>;
  /** Real ids of the fuzz tenants, so uuid fields sometimes point at something that exists. */
  ids: string[];
}

const MAX_DEPTH = 6;

function resolve(schema: Schema, ctx: SchemaContext): Schema {
  if (!schema.$ref) return schema;
  return resolve(ctx.components[schema.$ref.replace('#/components/schemas/', '')] ?? {}, ctx);
}

function stringFor(schema: Schema, ctx: SchemaContext): fc.Arbitrary<string> {
  const maxLength = Math.min(schema.maxLength ?? 40, 80);
  switch (schema.format) {
    case 'uuid':
      return ctx.ids.length > 0 ? fc.oneof(fc.uuid(), fc.constantFrom(...ctx.ids)) : fc.uuid();
    case 'date':
      // Mostly real days near today; sometimes one with the shape but no day (must be validation_failed, never a database error).
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -30, max: 400 }).map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)) },
        { weight: 1, arbitrary: fc.constantFrom('2027-02-30', '2027-13-45', '2027-02-29', '2027-04-31', '2027-00-10', '2027-05-00') },
      );
    case 'date-time':
      // Mostly real instants near now; sometimes one with the shape but an impossible day or hour.
      return fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: -3_600, max: 864_000 }).map((s) => new Date(Date.now() + s * 1000).toISOString()) },
        { weight: 1, arbitrary: fc.constantFrom('2027-02-30T10:00:00Z', '2027-13-01T00:00:00Z', '2027-01-01T25:00:00Z', '2027-01-01T10:61:00+01:00') },
      );
    case 'uri':
      return fc.webUrl();
    case 'email':
      return fc.emailAddress();
    default:
      // A pattern the document declares (dates, currencies, codes): values of its shape, which need
      // not be meaningful (`9999-99-99` has the date pattern's shape), and sometimes any string.
      if (schema.pattern)
        return fc.oneof(
          { weight: 4, arbitrary: fc.stringMatching(new RegExp(schema.pattern)).filter((v) => v.length <= 200) },
          { weight: 1, arbitrary: fc.string({ maxLength }) },
        );
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(maxLength, schema.minLength ?? 0) });
  }
}

/** Values that match the schema (as far as its types, enums and bounds go). */
export function valid(schema: Schema, ctx: SchemaContext, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema, ctx);
  const base = validInner(s, ctx, depth);
  return s.nullable ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

function validInner(s: Schema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (s.enum) return fc.constantFrom(...s.enum);
  const variants = s.oneOf ?? s.anyOf;
  if (variants) return fc.oneof(...variants.map((v) => valid(v, ctx, depth + 1)));
  if (s.allOf) return valid(s.allOf[0], ctx, depth + 1);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringFor(s, ctx);
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -1000, -1e9), max: Math.min(s.maximum ?? 1_000_000, 1e12) });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(s.items ?? {}, ctx, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 4, 4) });
    case 'object':
    default: {
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, prop] of Object.entries(props)) record[name] = valid(prop, ctx, depth + 1);
      if (Object.keys(record).length === 0) return fc.constant({});
      return fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
    }
  }
}

/** Hostile values: wrong types, huge and negative numbers, odd strings, deep nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(1e21, -1e21, 2 ** 53 + 2, -1, -0, 0.5, 1e308, -2147483649, 9_999_999_999_999),
  fc.constantFrom('', ' ', 'null', 'NaN', '1e21', '-1', '%00', '\u0000', '../../etc/passwd', "' OR 1=1 --", '<script>', '${jndi:x}'),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(true, false, null, [], {}, [[[]]], { amount: 'EUR' }),
  fc.integer({ min: 30, max: 200 }).map((n) => JSON.parse('{"a":'.repeat(n) + '1' + '}'.repeat(n)) as unknown),
  fc.integer({ min: 30, max: 200 }).map((n) => JSON.parse('['.repeat(n) + ']'.repeat(n)) as unknown),
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', '', ' ', '$where', 'a.b', '[0]', 'idempotency_key', 'tenant_id', '\u202e'),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constant('k'.repeat(2_000)),
);

/** Puts a hostile value (or key) somewhere in an otherwise valid body. */
export function mutate(body: unknown, path: number[], value: unknown, key: string | null): unknown {
  if (body === null || typeof body !== 'object') return value;
  const copy: Record<string, unknown> | unknown[] = Array.isArray(body) ? [...body] : { ...(body as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (keys.length === 0 || path.length === 0) {
    if (Array.isArray(copy)) copy.push(value);
    else if (key !== null) Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
    else return value;
    return copy;
  }
  const target = keys[path[0] % keys.length];
  (copy as Record<string, unknown>)[target] = path.length > 1 ? mutate((copy as Record<string, unknown>)[target], path.slice(1), value, key) : value;
  return copy;
}

/**
 * The body with a NUL character (U+0000) put into one of its strings (chosen by `pick`, placed at
 * `at`), or null when the body has no string to carry it. Postgres refuses U+0000 in text, so every
 * route must refuse such a body as validation_failed (docs/security.md "Hostile input").
 */
export function withNul(body: unknown, pick: number, at: number): unknown | null {
  const strings: Array<{ holder: Record<string, unknown> | unknown[]; key: string | number }> = [];
  const walk = (value: unknown) => {
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === 'string') strings.push({ holder: value as Record<string, unknown>, key: Array.isArray(value) ? Number(key) : key });
      else walk(item);
    }
  };
  const copy = body === null || typeof body !== 'object' ? body : (JSON.parse(JSON.stringify(body)) as unknown);
  walk(copy);
  if (strings.length === 0) return null;
  const { holder, key } = strings[pick % strings.length];
  const text = (holder as Record<string | number, string>)[key];
  const position = text.length === 0 ? 0 : at % (text.length + 1);
  (holder as Record<string | number, string>)[key] = `${text.slice(0, position)}\u0000${text.slice(position)}`;
  return copy;
}
