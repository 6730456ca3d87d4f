import type { IncomingMessage, ServerResponse } from 'node:http';
import { FieldError, validationFailed } from '@hcs/domain';

const NUL = '\u0000';
const MESSAGE = 'must not contain a NUL character (\\u0000)';
const MAX_REPORTED = 20;

function join(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * Every path of `value` whose string (or key) holds a NUL character. Postgres refuses U+0000 in
 * text, so such a value must stop at validation, never reach a statement and come back as a 5xx
 * (docs/security.md "Hostile input"). Iterative: a deep body costs no stack.
 */
export function nulProblems(value: unknown, root = ''): FieldError[] {
  const problems: FieldError[] = [];
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: root }];
  while (stack.length > 0 && problems.length < MAX_REPORTED) {
    const { value: current, path } = stack.pop() as { value: unknown; path: string };
    if (typeof current === 'string') {
      if (current.includes(NUL)) problems.push({ path, message: MESSAGE });
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: join(path, index) }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const child = join(path, key);
      if (key.includes(NUL)) problems.push({ path: child.replaceAll(NUL, '\\u0000'), message: MESSAGE });
      else stack.push({ value: item, path: child });
    }
  }
  return problems.sort((a, b) => a.path.localeCompare(b.path));
}

type NulCheckedRequest = IncomingMessage & { body?: unknown; query?: unknown; path?: string };

/**
 * Right after the body parsers: a NUL character in the path, a query parameter (cursors
 * included) or any string of the body is `validation_failed` for every route. MCP bodies are left
 * to the tool runner, which answers the same code as a tool error (docs/mcp.md).
 */
export function nulByteMiddleware(req: NulCheckedRequest, _res: ServerResponse, next: (err?: unknown) => void): void {
  const problems: FieldError[] = [];
  const path = req.path ?? (req.url ?? '').split('?')[0];
  let decodedPath = path;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    // A malformed escape is the router's business (404), not a NUL.
  }
  if (decodedPath.includes(NUL) || /%00/i.test(req.url ?? '')) {
    const inQuery = nulProblems(req.query ?? {});
    problems.push(...(inQuery.length > 0 ? inQuery : [{ path: '', message: `the request path ${MESSAGE}` }]));
  } else {
    problems.push(...nulProblems(req.query ?? {}));
  }
  if (!path.startsWith('/mcp')) problems.push(...nulProblems(req.body));
  next(problems.length > 0 ? validationFailed(problems) : undefined);
}
