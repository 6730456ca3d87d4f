import type { IncomingMessage, ServerResponse } from 'node:http';
import { validationFailed } from '@hcs/domain';
import { bodyShapeProblems } from './body-shape';

/**
 * Runs right after the body parsers: a body with prototype keys, too deep a nesting or unsafe
 * numbers is `validation_failed` before guards, interceptors or DTO transformation see it.
 */
export function bodyShapeMiddleware(req: IncomingMessage & { body?: unknown }, _res: ServerResponse, next: (err?: unknown) => void): void {
  if (req.body === undefined || req.body === null || typeof req.body !== 'object') return next();
  const problems = bodyShapeProblems(req.body);
  next(problems.length > 0 ? validationFailed(problems) : undefined);
}
