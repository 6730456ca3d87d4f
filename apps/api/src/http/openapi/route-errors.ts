import { SetMetadata } from '@nestjs/common';
import { catalogEntry, ErrorCode } from '@hcs/contracts';

/**
 * One error a route can answer besides the shared ones (401, 403, 413, 415, 429, 500, 503, which
 * the route table adds): its code, or its code and when/with what detail it is answered.
 */
export type RouteError = ErrorCode | readonly [ErrorCode, string];

/** Where `ApiEnvelope` keeps a route's errors; the route table, OpenAPI and MCP read them from here. */
export const ROUTE_ERRORS = 'hcs:route-errors';

export const RouteErrors = (errors: readonly RouteError[]) => SetMetadata(ROUTE_ERRORS, errors);

export function routeErrorCode(error: RouteError): ErrorCode {
  return typeof error === 'string' ? error : error[0];
}

/**
 * The route's errors as one sentence, each code with its status and note, e.g.
 * `Errors: quote_not_found (404), allotment_exhausted (409, detail.dates).` The OpenAPI operation
 * description and the MCP tool description both end with it, so neither can list other codes
 * than the route's error responses.
 */
export function describeRouteErrors(errors: readonly RouteError[]): string {
  if (errors.length === 0) return '';
  const items = errors.map((error) => {
    const code = routeErrorCode(error);
    const status = catalogEntry(code).status;
    return typeof error === 'string' ? `${code} (${status})` : `${code} (${status}, ${error[1]})`;
  });
  return `Errors: ${items.join(', ')}.`;
}

/** `text` followed by the route's errors sentence (either may be empty). */
export function withRouteErrors(text: string | undefined, errors: readonly RouteError[]): string {
  return [text?.trim(), describeRouteErrors(errors)].filter((part) => part).join(' ');
}
