import { Type } from 'class-transformer';
import { IsArray, IsDefined, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { DomainError, FieldError } from '@hcs/domain';
import { RequestValidationPipe } from './request-validation.pipe';

class Child {
  @IsInt() @Min(0) @Max(17) age: number;
}
class Guests {
  @IsInt() @Min(1) @Max(20) adults: number;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => Child) children?: Child[];
}
class Stay {
  @Matches(/^\d{4}-\d{2}-\d{2}$/) check_in: string;
  @Matches(/^\d{4}-\d{2}-\d{2}$/) check_out: string;
}
class Body {
  @IsDefined() @ValidateNested() @Type(() => Stay) stay: Stay;
  @IsDefined() @ValidateNested() @Type(() => Guests) guests: Guests;
  @IsOptional() @IsString() note?: string;
}
class Page {
  @IsOptional() @IsInt() @Min(1) limit?: number;
}

const pipe = new RequestValidationPipe();
const asBody = (value: unknown) => pipe.transform(value, { type: 'body', metatype: Body });
const fieldErrors = (run: () => unknown): FieldError[] => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('validation_failed');
    return (error as DomainError).detail.field_errors as FieldError[];
  }
  throw new Error('expected validation_failed');
};
const paths = (run: () => unknown) => fieldErrors(run).map((e) => e.path);

describe('RequestValidationPipe', () => {
  const valid = { stay: { check_in: '2027-01-10', check_out: '2027-01-12' }, guests: { adults: 2, children: [{ age: 4 }] } };

  it('passes a valid body through as an instance of its DTO', () => {
    const out = asBody(valid);
    expect(out).toBeInstanceOf(Body);
    expect(out).toEqual(valid);
  });

  it('lists every failing path at once, nested and indexed, unknown fields included, sorted', () => {
    const body = { stay: { check_in: 'tomorrow' }, guests: { adults: 0, children: [{ age: 4 }, { age: 18 }] }, extra: 1 };
    expect(paths(() => asBody(body))).toEqual(['extra', 'guests.adults', 'guests.children[1].age', 'stay.check_in', 'stay.check_out']);
    const errors = fieldErrors(() => asBody(body));
    expect(errors.find((e) => e.path === 'extra')?.message).toBe('is not an allowed field');
    for (const e of errors) expect(e.message.length).toBeGreaterThan(0);
  });

  it('names an unknown field inside a nested object on its path', () => {
    expect(paths(() => asBody({ ...valid, guests: { adults: 2, pets: 1 } }))).toEqual(['guests.pets']);
  });

  it('reads a missing body as {} and lists its required objects', () => {
    expect(paths(() => asBody(undefined))).toEqual(['guests', 'stay']);
    expect(paths(() => asBody(null))).toEqual(['guests', 'stay']);
  });

  it('refuses a body that is not a JSON object on the empty path', () => {
    for (const body of [[valid], 'text', 42]) expect(fieldErrors(() => asBody(body))).toEqual([{ path: '', message: 'must be a JSON object' }]);
  });

  it('converts query strings to the DTO types, and bodies not', () => {
    expect(pipe.transform({ limit: '5' }, { type: 'query', metatype: Page })).toEqual({ limit: 5 });
    expect(paths(() => pipe.transform({ limit: '5' }, { type: 'body', metatype: Page }))).toEqual(['limit']);
  });

  it('leaves custom and primitive parameters alone', () => {
    expect(pipe.transform('x', { type: 'param', metatype: String })).toBe('x');
    expect(pipe.transform([1], { type: 'custom', metatype: Body })).toEqual([1]);
  });
});
