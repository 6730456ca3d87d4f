import type { ServerResponse } from 'node:http';

const ERROR_CODE = Symbol('hcs:error-code');

/** The error filter notes the catalogued code it answered with, for the HTTP metrics. */
export function noteErrorCode(response: ServerResponse, code: string): void {
  (response as ServerResponse & { [ERROR_CODE]?: string })[ERROR_CODE] = code;
}

export function notedErrorCode(response: ServerResponse): string | null {
  return (response as ServerResponse & { [ERROR_CODE]?: string })[ERROR_CODE] ?? null;
}
