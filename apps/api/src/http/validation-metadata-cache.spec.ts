import { getMetadataStorage, IsInt, IsString, Min, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Base {
  @IsString()
  name!: string;
}

class Derived extends Base {
  @IsInt()
  @Min(1)
  count!: number;
}

const errorsOf = (value: object) =>
  validateSync(value, { whitelist: true, forbidNonWhitelisted: true }).map((e) => [e.property, Object.keys(e.constraints ?? {})]);
const derived = (fields: Record<string, unknown>) => Object.assign(new Derived(), fields);

describe('cacheValidationMetadata', () => {
  const storage = getMetadataStorage();
  const before = {
    valid: errorsOf(derived({ name: 'a', count: 2 })),
    invalid: errorsOf(derived({ name: 3, count: 0, extra: true })),
  };

  beforeAll(() => cacheValidationMetadata());

  it('gives the answers the library gave without it', () => {
    expect(errorsOf(derived({ name: 'a', count: 2 }))).toEqual(before.valid);
    expect(errorsOf(derived({ name: 3, count: 0, extra: true }))).toEqual(before.invalid);
    expect(before.invalid).toEqual([
      ['extra', ['whitelistValidation']],
      ['count', ['min']],
      ['name', ['isString']],
    ]);
  });

  it("looks a class's rules up once per class and options", () => {
    const first = storage.getTargetValidationMetadatas(Derived, '', false, false);
    expect(storage.getTargetValidationMetadatas(Derived, '', false, false)).toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(storage.getTargetValidationMetadatas(Derived, '', false, false, ['admin'])).not.toBe(first);
    expect(first.map((m) => m.propertyName).sort()).toEqual(['count', 'count', 'name']);
  });

  it('sees a rule registered after the cache was filled, on the class and on those inheriting from it', () => {
    expect(errorsOf(derived({ name: 'a', count: 2 }))).toEqual([]);
    class Later extends Derived {}
    IsString()(Base.prototype, 'label');
    expect(errorsOf(Object.assign(new Later(), { name: 'a', count: 2 }))).toEqual([['label', ['isString']]]);
    expect(errorsOf(derived({ name: 'a', count: 2 }))).toEqual([['label', ['isString']]]);
  });

  it('is applied once however often it is called', () => {
    const lookUp = storage.getTargetValidationMetadatas;
    cacheValidationMetadata();
    expect(storage.getTargetValidationMetadatas).toBe(lookUp);
  });
});
