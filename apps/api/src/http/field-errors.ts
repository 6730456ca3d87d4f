import type { ValidationError } from 'class-validator';
import type { FieldError } from '@hcs/domain';

const INDEX = /^\d+$/;

function join(parent: string, property: string): string {
  if (INDEX.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/**
 * class-validator's error tree as a flat list of `{path, message}` with paths like
 * `guests.children[0].age`, one entry per failing path, sorted for stable output.
 */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const error of errors) {
    const path = join(parent, error.property);
    if (error.constraints) {
      const messages = Object.entries(error.constraints).map(([name, text]) => (name === 'whitelistValidation' ? 'is not an allowed field' : text));
      out.push({ path, message: messages.join('; ') });
    }
    if (error.children?.length) out.push(...toFieldErrors(error.children, path));
  }
  return parent ? out : out.sort((a, b) => a.path.localeCompare(b.path));
}
