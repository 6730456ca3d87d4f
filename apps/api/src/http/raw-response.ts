/**
 * A response already rendered once and stored (an idempotent replay): the envelope
 * (`EnvelopeInterceptor`) sends its status, headers and body as they are instead of wrapping an `Outcome`.
 */
export class RawResponse {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}
