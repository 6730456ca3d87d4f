import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, mintDelegation, TestAgent, TestTenant } from '../../support/factories';
import { ApiProcess, startApiProcess } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

interface LogLine {
  msg?: string;
  trace_id?: string;
  tenant_id?: string;
  principal_id?: string;
  req?: { url?: string; headers?: Record<string, string> };
  res?: { statusCode?: number };
}

// Each CLI run or api boot is a fresh Node process with Nest: seconds, not milliseconds.
jest.setTimeout(60_000);

describe('request logs of the built api', () => {
  let t: TestApp;
  let api: ApiProcess;
  let tenant: TestTenant;
  let agent: TestAgent;
  const secrets: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
    api = await startApiProcess({ LOG_LEVEL: 'info' });
  }, 40_000);
  afterAll(async () => {
    await api?.stop();
    await t.close();
  });

  it('carry trace, tenant and principal, and never a secret, token or delegation', async () => {
    const call = (path: string, init: RequestInit = {}) => fetch(`${api.baseUrl}${path}`, init);
    const basic = `Basic ${Buffer.from(`${agent.agentId}:${agent.apiKey}`).toString('base64')}`;
    secrets.push(tenant.adminKey, agent.apiKey, basic.slice(6));

    const admin = await call('/v1/admin/agents', {
      headers: { Authorization: `Bearer ${tenant.adminKey}`, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
    });
    expect(admin.status).toBe(200);
    const json = await call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: agent.agentId, client_secret: agent.apiKey }),
    });
    const form = await call('/oauth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', Authorization: basic },
      body: 'grant_type=client_credentials',
    });
    const token = ((await json.json()) as { access_token: string }).access_token;
    expect(form.status).toBe(200);
    secrets.push(token, ((await form.json()) as { access_token: string }).access_token);
    const delegation = await mintDelegation(t.app, { sub: 'traveler-log', tenantId: agent.tenantId });
    secrets.push(delegation);
    const asAgent = await call(`/v1/admin/agents/${agent.agentId}`, { headers: { Authorization: `Bearer ${token}`, 'X-Delegated-User': delegation } });
    expect(asAgent.status).toBe(403);
    await call('/v1/admin/agents', { headers: { Authorization: `Bearer ${agent.apiKey}x` } });

    // The lines cross a pipe to this process: wait for those of all five requests.
    let lines: LogLine[] = [];
    for (let i = 0; i < 50; i++) {
      lines = api
        .output()
        .stdout.split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as LogLine)
        .filter((l) => l.res?.statusCode !== undefined && l.req?.url !== '/healthz');
      if (lines.length >= 5) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(lines.length).toBeGreaterThanOrEqual(5);

    const adminLine = lines.find((l) => l.trace_id === '0af7651916cd43dd8448eb211c80319c');
    expect(adminLine).toMatchObject({ tenant_id: tenant.tenantId, principal_id: tenant.adminPrincipalId });
    expect(adminLine?.req?.headers?.authorization).toBe('[redacted]');
    const agentLine = lines.find((l) => l.req?.url === `/v1/admin/agents/${agent.agentId}`);
    expect(agentLine).toMatchObject({ tenant_id: tenant.tenantId, principal_id: agent.agentId });
    expect(agentLine?.req?.headers?.['x-delegated-user']).toBe('[redacted]');

    const { stdout, stderr } = api.output();
    for (const secret of secrets) {
      expect(stdout).not.toContain(secret);
      expect(stderr).not.toContain(secret);
    }
    // The part of a secret after its readable prefix must not leak either (prefixes are fine).
    expect(stdout).not.toContain(agent.apiKey.slice(12));
  });
});
