import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_CATALOG, ERROR_CODES } from './error-catalog';

const ROOT = join(__dirname, '..', '..', '..');
const DOCUMENTED_CODES = [
  'validation_failed',
  'unauthenticated',
  'delegation_required',
  'delegation_invalid',
  'delegation_issuer_unknown',
  'payment_failed',
  'forbidden',
  'resource_access_denied',
  'principal_kind_not_allowed',
  'property_not_found',
  'room_type_not_found',
  'rate_plan_not_found',
  'quote_not_found',
  'hold_not_found',
  'booking_not_found',
  'oversell_incident_not_found',
  'agent_not_found',
  'credential_not_found',
  'booking_authorization_not_found',
  'delegation_issuer_not_found',
  'idempotency_conflict',
  'allocation_failed',
  'allotment_exhausted',
  'quote_mismatch',
  'hold_not_active',
  'booking_not_cancellable',
  'booking_not_modifiable',
  'booking_modification_price_change',
  'authorization_required',
  'booking_authorization_invalid',
  'no_capturable_payment',
  'payment_not_refundable',
  'refund_exceeds_remaining',
  'oversell_not_detected',
  'property_not_promotable',
  'policy_not_found_for_rate_plan',
  'stay_restricted',
  'webhook_delivery_not_replayable',
  'webhook_endpoint_not_found',
  'webhook_delivery_not_found',
  'quote_expired',
  'hold_expired',
  'rate_limited',
  'internal_error',
  'payment_provider_error',
  'notification_delivery_failed',
  'payment_timeout',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('error catalog', () => {
  it('lists every documented code with its documented status', () => {
    expect(ERROR_CODES).toEqual(expect.arrayContaining(DOCUMENTED_CODES));
    expect(ERROR_CATALOG.validation_failed.status).toBe(400);
    expect(ERROR_CATALOG.payment_failed.status).toBe(402);
    expect(ERROR_CATALOG.hold_expired.status).toBe(410);
    expect(ERROR_CATALOG.payment_timeout.status).toBe(504);
    expect(ERROR_CATALOG.notification_delivery_failed.status).toBe(502);
  });

  it('gives every code a status, message and remediation', () => {
    for (const code of ERROR_CODES) {
      const entry = ERROR_CATALOG[code];
      expect(entry.status).toBeGreaterThanOrEqual(400);
      expect(entry.message.length).toBeGreaterThan(0);
      expect(entry.remediation.length).toBeGreaterThan(0);
    }
  });

  it('contains every code thrown anywhere in apps/ and libs/', () => {
    const thrown = new Set<string>();
    for (const file of [...sourceFiles(join(ROOT, 'apps')), ...sourceFiles(join(ROOT, 'libs'))]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/new DomainError\(\s*['"`]([a-z_]+)['"`]/g)) thrown.add(match[1]);
    }
    expect(thrown.size).toBeGreaterThan(3);
    const missing = [...thrown].filter((code) => !ERROR_CODES.includes(code as never));
    expect(missing).toEqual([]);
  });
});
