/** Relations an answer can point the agent to next (docs/api-contract.md "Next action"). */
export const NEXT_ACTION_RELS = [
  'search',
  'quote',
  'requote',
  'create_hold',
  'confirm',
  'cancel',
  'release',
  'extend',
  'retry',
  'get',
  'get_audit',
  'get_refund',
  'issue_refund',
] as const;
export type NextActionRel = (typeof NEXT_ACTION_RELS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface NextAction {
  rel: NextActionRel;
  method: HttpMethod;
  /** Relative path, e.g. `/v1/holds`. */
  href: string;
  body_hint?: Record<string, unknown>;
  expires_at?: string;
}
