import { validationFailed } from '@hcs/domain';
import type { Type } from '@nestjs/common';
import { UuidParamPipe } from '../http/uuid-param.pipe';
import { RequestValidationPipe } from '../http/request-validation.pipe';

const validation = new RequestValidationPipe();
const uuid = new UuidParamPipe();

/** A body (or query) checked by the REST route's DTO: same rules, same `field_errors` paths. */
export function validBody<T>(dto: Type<T>, value: unknown, type: 'body' | 'query' = 'body'): T {
  return validation.transform(value, { type, metatype: dto }) as T;
}

/** A UUID argument, checked like a REST path id; a failure names the tool argument. */
export function validUuid(value: unknown, argument: string): string {
  return uuid.transform(value as string, { type: 'param', data: argument });
}

/** The arguments without the named ones. */
export function omit(args: Record<string, unknown>, ...names: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(args).filter(([name]) => !names.includes(name)));
}

/** A tool whose REST route has no body accepts no other argument (unknown fields are errors, as on REST). */
export function noOtherArguments(body: Record<string, unknown>): void {
  const unknown = Object.keys(body);
  if (unknown.length > 0) throw validationFailed(unknown.sort().map((path) => ({ path, message: 'is not an allowed field' })));
}
