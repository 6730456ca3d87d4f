import { applyDecorators, Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { catalogEntry, ErrorCode, errorDocsUrl } from '@hcs/contracts';
import { DATABASE_RETRY_AFTER_SECONDS } from '@hcs/persistence';
import { ErrorEnvelopeModel, SuccessEnvelopeModel } from './envelope.models';
import { RouteError, routeErrorCode, RouteErrors } from './route-errors';

const EXAMPLE_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

/** A documented example of the error envelope for one code. */
export function errorExample(code: ErrorCode, detail: Record<string, unknown> = {}) {
  const entry = catalogEntry(code);
  return {
    error: {
      code,
      message: entry.message,
      detail,
      remediation: entry.remediation,
      retry_after: code === 'rate_limited' ? 30 : code === 'service_unavailable' ? DATABASE_RETRY_AFTER_SECONDS : null,
      docs_url: errorDocsUrl('{docs_url}', code),
      trace_id: EXAMPLE_TRACE,
      next_actions: entry.next_actions,
    },
  };
}

const DETAIL_EXAMPLES: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  validation_failed: { field_errors: [{ path: 'guests.adults', message: 'adults must not be less than 1' }] },
  property_not_promotable: {
    property_id: '00000000-0000-4000-8000-000000000000',
    reasons: [{ code: 'no_geo', message: 'The property has no geo coordinates (lat, lng).' }],
  },
  forbidden: { required_scopes: ['catalog:read'], missing_scopes: ['catalog:read'] },
  principal_kind_not_allowed: { principal_kind: 'agent', allowed: ['admin'] },
  stay_restricted: {
    rate_plan_id: '00000000-0000-4000-8000-000000000000',
    violations: [
      { rule: 'min_stay_arrival', date: '2027-05-07', limit: 2 },
      { rule: 'closed_to_departure', date: '2027-05-08', limit: true },
    ],
  },
};

/**
 * Error responses of the route's errors, grouped by status, each code an example of the envelope;
 * the list is kept on the route for the description and MCP (`route-errors.ts`).
 */
export function ApiErrors(...errors: RouteError[]) {
  const codes = errors.map(routeErrorCode);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(catalogEntry(code).status, [...(byStatus.get(catalogEntry(code).status) ?? []), code]);
  return applyDecorators(
    // A second `ApiEnvelope` on the route (another success status) lists no errors: keep the first's.
    ...(errors.length > 0 ? [RouteErrors(errors)] : []),
    ApiExtraModels(ErrorEnvelopeModel),
    ...[...byStatus.entries()].map(([status, list]) =>
      ApiResponse({
        status,
        description: `Error envelope; error.code is one of: ${list.join(', ')}.`,
        type: ErrorEnvelopeModel,
        examples: Object.fromEntries(list.map((code) => [code, { summary: catalogEntry(code).message, value: errorExample(code, DETAIL_EXAMPLES[code]) }])),
      }),
    ),
  );
}

export interface ApiEnvelopeOptions {
  status?: number;
  description: string;
  /**
   * The route's own errors, listed once: the error responses, the operation description's
   * "Errors:" sentence and the MCP tool's error documentation are derived from this list
   * (`route-errors.ts`). The shared 400/401/403/413/415/429/500 are added from the route table.
   */
  errors?: RouteError[];
  /** The envelope always carries a signed `receipt` (booking confirmation, cancellation, refund). */
  receipt?: boolean;
  /** The envelope always carries `expires_at` (quotes, holds). */
  expiresAt?: boolean;
}

/** The success envelope around `model` as `data`, plus the route's error codes. */
export function ApiEnvelope(model: Type, options: ApiEnvelopeOptions) {
  const required = ['data', ...(options.expiresAt ? ['expires_at'] : []), ...(options.receipt ? ['receipt'] : [])];
  return applyDecorators(
    ApiExtraModels(SuccessEnvelopeModel, model),
    ApiResponse({
      status: options.status ?? 200,
      description: options.description,
      schema: { allOf: [{ $ref: getSchemaPath(SuccessEnvelopeModel) }, { type: 'object', required, properties: { data: { $ref: getSchemaPath(model) } } }] },
    }),
    ApiErrors(...(options.errors ?? [])),
  );
}
