import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type TargetMetadatas = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const CACHED = Symbol('hcs.validationMetadataCached');

/**
 * Makes class-validator look up a class's rules once instead of on every validation.
 *
 * On each `validateSync`, class-validator's storage finds the rules of the class it validates by
 * walking every class that has rules (to collect inherited ones) and groups them by property anew:
 * with the api's few hundred DTOs that walk is most of a small DTO's validation, about 10 KB
 * allocated per request of `GET /v1/properties/{id}` (docs/performance.md, "Validation rules
 * looked up once"). The rules are fixed once the DTO modules are loaded, so both answers are kept
 * per class and options; registering a rule afterwards (a class defined later, a test's DTO)
 * empties the cache. The answers are the library's own, computed by its own code.
 */
export function cacheValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const cacheable = storage as MetadataStorage & { [CACHED]?: true };
  if (cacheable[CACHED]) return;
  cacheable[CACHED] = true;

  let byTarget = new Map<unknown, Map<string, TargetMetadatas>>();
  let grouped = new WeakMap<TargetMetadatas, Grouped>();
  const forget = () => {
    byTarget = new Map();
    grouped = new WeakMap();
  };

  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  storage.getTargetValidationMetadatas = (targetConstructor, targetSchema, always, strictGroups, groups) => {
    const key = `${targetSchema}\u0000${always}\u0000${strictGroups}\u0000${groups === undefined ? '\u0001' : groups.join('\u0000')}`;
    let forTarget = byTarget.get(targetConstructor);
    if (forTarget === undefined) byTarget.set(targetConstructor, (forTarget = new Map()));
    let found = forTarget.get(key);
    if (found === undefined) forTarget.set(key, (found = lookUp(targetConstructor, targetSchema, always, strictGroups, groups)));
    return found;
  };

  const group = storage.groupByPropertyName.bind(storage);
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (found === undefined) grouped.set(metadata, (found = group(metadata)));
    return found;
  };

  for (const method of ['addValidationSchema', 'addValidationMetadata', 'addConstraintMetadata'] as const) {
    const add = (storage[method] as (value: unknown) => void).bind(storage);
    (storage[method] as (value: unknown) => void) = (value) => {
      forget();
      add(value);
    };
  }
}
