import type { ErrorCode, NextAction } from '@hcs/contracts';

export interface DomainErrorOptions {
  message?: string;
  detail?: Record<string, unknown>;
  retryAfter?: number | null;
  nextActions?: NextAction[];
}

/**
 * A failure with a stable catalogued code and no HTTP in it. Use cases throw it; the REST filter
 * and the MCP tools render it with the status and remediation of the error catalog.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly detail: Record<string, unknown>;
  readonly retryAfter: number | null;
  readonly nextActions: NextAction[] | undefined;

  constructor(code: ErrorCode, options: DomainErrorOptions = {}) {
    super(options.message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.detail = options.detail ?? {};
    this.retryAfter = options.retryAfter ?? null;
    this.nextActions = options.nextActions;
  }

  /** True when a message was given; otherwise the catalog's default message is shown. */
  get hasCustomMessage(): boolean {
    return this.message !== this.code;
  }
}

export interface FieldError {
  path: string;
  message: string;
}

export function validationFailed(fieldErrors: FieldError[]): DomainError {
  return new DomainError('validation_failed', { detail: { field_errors: fieldErrors } });
}
