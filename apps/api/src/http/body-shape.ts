import type { FieldError } from '@hcs/domain';

/** Deepest nesting of objects and arrays a request body may have (docs/security.md). */
export const MAX_BODY_DEPTH = 32;
/** Keys that reach prototypes in JavaScript: refused anywhere in a body (docs/security.md). */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
/** The largest magnitude a JSON number may have before any DTO sees it. */
export const MAX_BODY_NUMBER = Number.MAX_SAFE_INTEGER;
/**
 * The smallest non-zero magnitude a JSON number may have: below it JavaScript writes numbers in
 * exponent form (`1e-7`), which class-validator's decimal-places check cannot read. No field of
 * this API needs finer values.
 */
export const MIN_BODY_FRACTION = 1e-6;
/** Enough paths to show what is wrong without echoing a hostile body back in full. */
const MAX_REPORTED = 20;

function join(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * What is wrong with the shape of a parsed JSON body, before class-transformer touches it: keys
 * that name prototypes, nesting deeper than MAX_BODY_DEPTH and numbers beyond the safe integer
 * range (which would otherwise reach SQL casts). Iterative, so a hostile depth cannot overflow the
 * stack; an empty list means the body is fine.
 */
export function bodyShapeProblems(body: unknown): FieldError[] {
  const problems: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0 && problems.length < MAX_REPORTED) {
    const { value, path, depth } = stack.pop() as { value: unknown; path: string; depth: number };
    if (typeof value === 'number') {
      if (!Number.isFinite(value) || Math.abs(value) > MAX_BODY_NUMBER)
        problems.push({ path, message: `must be a number between -${MAX_BODY_NUMBER} and ${MAX_BODY_NUMBER}` });
      else if (value !== 0 && Math.abs(value) < MIN_BODY_FRACTION) problems.push({ path, message: `must be 0 or at least ${MIN_BODY_FRACTION} in magnitude` });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      problems.push({ path, message: `nests deeper than ${MAX_BODY_DEPTH} levels` });
      continue;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push({ value: item, path: join(path, index), depth: depth + 1 }));
      continue;
    }
    for (const key of Object.keys(value)) {
      const child = join(path, key);
      if (FORBIDDEN_KEYS.has(key)) {
        problems.push({ path: child, message: 'is not an allowed field name' });
        continue;
      }
      stack.push({ value: (value as Record<string, unknown>)[key], path: child, depth: depth + 1 });
    }
  }
  return problems.sort((a, b) => a.path.localeCompare(b.path));
}
