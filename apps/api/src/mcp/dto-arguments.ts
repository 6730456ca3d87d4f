import type { Type } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { z, ZodType } from 'zod';

/** How a tool names and explains the fields of the DTO its arguments come from. */
export interface DtoArgumentOptions {
  /** Fields the tool does not take as arguments (the idempotency key is added from the route). */
  omit?: readonly string[];
  /** Argument name for a DTO field (a path id that the tool names `property_id`). */
  rename?: Readonly<Record<string, string>>;
  /** Descriptions written for a model, by argument path: `stay`, `stay.check_out`, `guests.children`. */
  describe?: Readonly<Record<string, string>>;
  /** Fields the tool requires although the DTO lets them be absent (a key the route requires as a header). */
  require?: readonly string[];
}

/**
 * The zod arguments of an MCP tool, read from the class-validator constraints of the REST DTO
 * that validates the call (docs/architecture.md "Where each kind of code lives"): a limit is
 * written once, on the DTO, and the tool's `inputSchema` follows it. A decorator the builder
 * does not know is an error at boot, never a silently laxer schema.
 */
export function dtoArguments(dto: Type, options: DtoArgumentOptions = {}): Record<string, ZodType> {
  const descriptions: Descriptions = { texts: options.describe ?? {}, used: new Set() };
  const shape: Record<string, ZodType> = {};
  for (const [field, rules] of fieldsOf(dto)) {
    if (options.omit?.includes(field)) continue;
    const name = options.rename?.[field] ?? field;
    shape[name] = fieldSchema(dto, field, rules, name, descriptions, options.require?.includes(field) ?? false);
  }
  // A description for a path the DTO does not have (a typo, a renamed field) would be lost silently.
  const unused = Object.keys(descriptions.texts).filter((path) => !descriptions.used.has(path));
  if (unused.length > 0) throw new Error(`dtoArguments: ${dto.name} has no argument ${unused.join(', ')} to describe`);
  return shape;
}

/** The tool's descriptions by argument path, and the paths that took theirs. */
interface Descriptions {
  texts: Readonly<Record<string, string>>;
  used: Set<string>;
}

/** The DTO's fields in declaration order, each with its constraints (inherited fields included). */
function fieldsOf(dto: Type): Map<string, ValidationMetadata[]> {
  const fields = new Map<string, ValidationMetadata[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    fields.set(rule.propertyName, [...(fields.get(rule.propertyName) ?? []), rule]);
  }
  return fields;
}

/** The constraints of one field, by decorator name (`isLength`, `min`, …). */
type Rules = Map<string, ValidationMetadata>;

function fieldSchema(dto: Type, field: string, metadata: ValidationMetadata[], path: string, descriptions: Descriptions, required = false): ZodType {
  const rules: Rules = new Map();
  for (const rule of metadata) {
    const name = ruleName(rule);
    if (rules.has(name)) throw new Error(`dtoArguments: ${dto.name}.${field} has ${name} twice, which a JSON schema cannot state`);
    rules.set(name, rule);
  }
  let schema = baseSchema(dto, field, rules, path, descriptions);
  // `ExactlyOneOf` (its ValidateIf) makes each alternative optional; the pair rule itself is the DTO's, which the tool runs.
  if ((rules.has('isOptional') || rules.has('exactlyOneOf')) && !required) schema = schema.optional();
  const description = descriptions.texts[path];
  if (description === undefined) return schema;
  descriptions.used.add(path);
  return schema.describe(description);
}

function ruleName(rule: ValidationMetadata): string {
  if (rule.type === 'nestedValidation') return 'validateNested';
  if (rule.each) throw new Error(`dtoArguments: ${String(rule.propertyName)} checks each element with ${rule.name}, which the MCP schema cannot state`);
  if (rule.type === 'isDefined' || rule.type === 'conditionalValidation') return rule.name ?? rule.type;
  if (rule.type === 'customValidation' && rule.name) return rule.name;
  throw new Error(`dtoArguments: ${String(rule.propertyName)} has a ${rule.type} rule the MCP schema cannot state`);
}

/**
 * Decorators that state nothing a JSON schema carries beyond what the base type says, and
 * `exactlyOneOf` (with its `conditionalValidation`): a rule across two fields, which the tool's
 * schema states as two optional fields and the DTO validation the tool runs enforces.
 */
const STATED_BY_TYPE = new Set(['isOptional', 'isDefined', 'isString', 'isInt', 'isArray', 'validateNested', 'exactlyOneOf', 'conditionalValidation']);

function baseSchema(dto: Type, field: string, rules: Rules, path: string, descriptions: Descriptions): ZodType {
  const used = new Set(STATED_BY_TYPE);
  /** The named rule's constraints (`[]` when it has none), marking the rule as stated; undefined when absent. */
  const take = (name: string): unknown[] | undefined => {
    used.add(name);
    const rule = rules.get(name);
    return rule ? (rule.constraints ?? []) : undefined;
  };
  let schema: ZodType;
  const nested = rules.get('validateNested');
  if (nested) {
    const type = defaultMetadataStorage.findTypeMetadata(dto, field)?.typeFunction() as Type | undefined;
    if (!type) throw new Error(`dtoArguments: ${dto.name}.${field} is validated as nested but has no @Type`);
    const object = z.object(nestedShape(type, path, descriptions)).strict();
    if (nested.each) {
      const min = take('arrayMinSize');
      const max = take('arrayMaxSize');
      let array = z.array(object);
      if (min) array = array.min(Number(min[0]));
      if (max) array = array.max(Number(max[0]));
      schema = array;
    } else {
      schema = object;
    }
  } else if (take('isUuid')) {
    schema = z.uuid();
  } else if (take('isCalendarDate')) {
    // A real day (`format: date` and zod's calendar pattern): `2027-02-30` fails in the schema as in the DTO.
    schema = z.iso.date();
  } else if (take('isEmail')) {
    schema = z.email();
  } else if (take('isObject')) {
    schema = z.record(z.string(), z.unknown());
  } else if (rules.has('isIn')) {
    schema = z.enum(take('isIn')![0] as readonly string[]);
  } else if (rules.has('isInt')) {
    let number = z.number().int();
    const min = take('min');
    const max = take('max');
    if (min) number = number.min(Number(min[0]));
    if (max) number = number.max(Number(max[0]));
    schema = number;
  } else {
    let text = z.string();
    const length = take('isLength');
    const pattern = take('matches');
    if (length) text = text.min(Number(length[0]));
    if (length?.[1] !== undefined) text = text.max(Number(length[1]));
    if (pattern) text = text.regex(pattern[0] instanceof RegExp ? pattern[0] : new RegExp(String(pattern[0]), pattern[1] as string | undefined));
    schema = text;
  }
  const unstated = [...rules.keys()].filter((name) => !used.has(name));
  if (unstated.length > 0) throw new Error(`dtoArguments: ${dto.name}.${field} has ${unstated.join(', ')}, which its MCP schema would not state`);
  return schema;
}

function nestedShape(dto: Type, path: string, descriptions: Descriptions): Record<string, ZodType> {
  const shape: Record<string, ZodType> = {};
  for (const [field, rules] of fieldsOf(dto)) shape[field] = fieldSchema(dto, field, rules, `${path}.${field}`, descriptions);
  return shape;
}
