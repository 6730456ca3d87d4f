import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { QueryFailedError } from 'typeorm';
import { createTenant, TestTenant } from '../../support/factories';
import {
  ChainAgent,
  ChainCatalog,
  createChainAgent,
  createChainCatalog,
  DELEGATION_HEADER,
  quoteAndHold,
  travelerDelegation,
} from '../../support/chain-fixtures';
import { captureLogs } from '../../support/captured-logs';
import { failStatementOnce } from '../../support/fail-statement-once';
import { callTool, connectMcp } from '../../support/mcp-client';
import { startTestApp, TestApp } from '../../support/test-app';

// The booking statement: the one that records the payment attempt with the card token and the guest.
const BOOKING_STATEMENT = 'INSERT INTO payment_attempts (tenant_id, hold_id, idempotency_key, amount, currency, method, provider_token';

/**
 * Issue 18 point 5: an unexpected database error on the booking statement is logged without the
 * statement's parameters, its text or the driver's detail, over REST and MCP alike.
 */
describe('nothing secret in logs', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let traveler: string;
  let mcp: Client;

  beforeAll(async () => {
    t = await startTestApp({ LOG_LEVEL: 'info' });
    await t.app.listen(0, '127.0.0.1');
    tenant = await createTenant(t.app);
    agent = await createChainAgent(t.app, tenant.tenantId);
    catalog = await createChainCatalog(t.app, tenant.tenantId);
    traveler = await travelerDelegation(t.app, tenant.tenantId, 'log-traveler');
    mcp = await connectMcp(await t.app.getUrl(), agent.apiKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await t.close();
  });

  function secrets() {
    const id = randomUUID().slice(0, 8);
    return {
      card: `tok_visa_secret_${id}`,
      guest: { primary: { full_name: `Secret Guest ${id}`, email: `secret.${id}@example.com`, phone: `+34 600 ${id.slice(0, 3)} ${id.slice(3, 6)}` } },
    };
  }

  /** Fails the booking statement as Postgres does on a check violation: statement, parameters and a detail naming the row. */
  function failBookingStatement() {
    return failStatementOnce(t.app, BOOKING_STATEMENT, (sql, params) => {
      const driverError = Object.assign(new Error('new row for relation "payment_attempts" violates check constraint "payment_attempts_state_check"'), {
        code: '23514',
        table: 'payment_attempts',
        constraint: 'payment_attempts_state_check',
        detail: `Failing row contains (${(params ?? []).map(String).join(', ')}).`,
      });
      return new QueryFailedError(sql, params, driverError);
    });
  }

  async function loggedFailure(logs: ReturnType<typeof captureLogs>, message: string) {
    for (let i = 0; i < 50; i++) {
      const line = logs.lines().find((l) => l.msg === message);
      if (line) return line;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`no "${message}" line in the captured log:\n${logs.text().slice(-2000)}`);
  }

  function expectNoSecret(text: string, s: ReturnType<typeof secrets>) {
    for (const value of [s.card, s.guest.primary.full_name, s.guest.primary.email, s.guest.primary.phone, 'INSERT INTO payment_attempts', 'Failing row']) {
      expect(text).not.toContain(value);
    }
  }

  it('REST: the error filter logs the failure without parameters, query or detail', async () => {
    const s = secrets();
    const held = await quoteAndHold(t, agent, catalog, { start: 20, nights: 1 });
    const logs = captureLogs();
    const fault = failBookingStatement();
    try {
      const res = await t
        .http()
        .post('/v1/bookings')
        .set('authorization', `Bearer ${agent.apiKey}`)
        .set('idempotency-key', `log-${held.holdId}`)
        .set(DELEGATION_HEADER, traveler)
        .send({ hold_id: held.holdId, quote_id: held.quoteId, guest: s.guest, payment: { method: 'card', provider_token: s.card, billing_country: 'GB' } });
      expect(fault.fired()).toBe(1);
      expect(res.status).toBe(500);
      expect(res.body.error.code).toBe('internal_error');
      const line = await loggedFailure(logs, 'unexpected failure');
      // The failure is still explained: type, code, constraint, table.
      expect(line.err).toMatchObject({ type: 'QueryFailedError', code: '23514', constraint: 'payment_attempts_state_check', table: 'payment_attempts' });
      expectNoSecret(logs.text(), s);
    } finally {
      fault.restore();
      logs.restore();
    }
  });

  it('MCP: the tool runner logs the failure the same way', async () => {
    const s = secrets();
    const held = await quoteAndHold(t, agent, catalog, { start: 21, nights: 1 });
    const logs = captureLogs();
    const fault = failBookingStatement();
    try {
      const res = await callTool(mcp, 'confirm_booking', {
        hold_id: held.holdId,
        quote_id: held.quoteId,
        guest: s.guest,
        payment: { method: 'card', provider_token: s.card, billing_country: 'GB' },
        idempotency_key: `log-mcp-${held.holdId}`,
        delegation_token: traveler,
      });
      expect(fault.fired()).toBe(1);
      expect(res.isError).toBe(true);
      expect(res.envelope.error.code).toBe('internal_error');
      const line = await loggedFailure(logs, 'unexpected failure in an MCP tool');
      expect(line.err).toMatchObject({ type: 'QueryFailedError', code: '23514' });
      expectNoSecret(logs.text(), s);
    } finally {
      fault.restore();
      logs.restore();
    }
  });
});
