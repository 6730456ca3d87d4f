import { AuthProbeModule } from '../../support/auth-probe.module';
import { createAgent, createTenant, TestTenant } from '../../support/factories';
import { startTestApp, TestApp } from '../../support/test-app';

describe('admin agents and credentials', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  const admin = () => ({ Authorization: `Bearer ${tenant.adminKey}` });

  beforeAll(async () => {
    t = await startTestApp({}, [AuthProbeModule]);
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
  });
  afterAll(() => t.close());

  it('creates an agent with every scope and shows its secret once', async () => {
    const res = await t.http().post('/v1/admin/agents').set(admin()).send({ name: 'Planner' });
    expect(res.status).toBe(201);
    const { agent, credential } = res.body.data;
    expect(agent).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Planner',
      status: 'active',
      scopes: ['catalog:read', 'booking:write', 'booking:read'],
      booking_limit: null,
      created_at: expect.any(String),
    });
    expect(credential.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(credential.secret).toMatch(/^hcs_agt_[A-Za-z0-9_-]{43}$/);
    expect(res.body.next_actions).toEqual([{ rel: 'get', method: 'GET', href: `/v1/admin/agents/${agent.id}` }]);

    const read = await t.http().get(`/v1/admin/agents/${agent.id}`).set(admin());
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body)).not.toContain(credential.secret);
    expect(read.body.data.credentials).toEqual([
      { id: credential.id, prefix: credential.secret.slice(0, 12), created_at: expect.any(String), revoked_at: null, last_used_at: null },
    ]);

    const use = await t.http().get('/v1/admin/agents').set('Authorization', `Bearer ${credential.secret}`);
    expect(use.body.error.code).toBe('principal_kind_not_allowed');
  });

  it('creates an agent with fewer scopes and a booking limit', async () => {
    const res = await t
      .http()
      .post('/v1/admin/agents')
      .set(admin())
      .send({ name: 'Reader', scopes: ['catalog:read'], booking_limit: { amount: 50000, currency: 'EUR' } });
    expect(res.status).toBe(201);
    expect(res.body.data.agent).toMatchObject({ scopes: ['catalog:read'], booking_limit: { amount: 50000, currency: 'EUR' } });
  });

  it('rejects an invalid body listing every failing path', async () => {
    const res = await t
      .http()
      .post('/v1/admin/agents')
      .set(admin())
      .send({ name: '', scopes: ['catalog:read', 'admin:all'], booking_limit: { amount: 1.5, currency: 'eur' }, extra: true });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    const paths = res.body.error.detail.field_errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'scopes', 'booking_limit.amount', 'booking_limit.currency', 'extra']));
  });

  it('lists the agents of the tenant only', async () => {
    const mine = await createAgent(t.app, tenant);
    const theirs = await createAgent(t.app, other);
    const res = await t.http().get('/v1/admin/agents').set(admin());
    expect(res.status).toBe(200);
    const ids = res.body.data.items.map((a: { id: string }) => a.id);
    expect(ids).toContain(mine.agentId);
    expect(ids).not.toContain(theirs.agentId);
    expect(ids).not.toContain(tenant.adminPrincipalId);
  });

  it('answers validation_failed on the path for malformed agent and credential ids', async () => {
    const mine = await createAgent(t.app, tenant);
    for (const req of [
      t.http().get('/v1/admin/agents/not-a-uuid'),
      t.http().post('/v1/admin/agents/not-a-uuid/credentials'),
      t.http().delete(`/v1/admin/agents/${mine.agentId}/credentials/nope`),
    ]) {
      const res = await req.set(admin());
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it("answers agent_not_found for another tenant's agent and an admin id", async () => {
    const theirs = await createAgent(t.app, other);
    for (const id of [theirs.agentId, tenant.adminPrincipalId]) {
      for (const req of [
        t.http().get(`/v1/admin/agents/${id}`),
        t.http().patch(`/v1/admin/agents/${id}`).send({ status: 'disabled' }),
        t.http().post(`/v1/admin/agents/${id}/credentials`),
        t.http().delete(`/v1/admin/agents/${id}/credentials/${theirs.credentialId}`),
      ]) {
        const res = await req.set(admin());
        expect(res.status).toBe(404);
        expect(res.body.error.code).toBe('agent_not_found');
      }
    }
    // The other tenant's agent is untouched.
    const still = await t.http().get('/v1/admin/agents').set('Authorization', `Bearer ${theirs.apiKey}`);
    expect(still.body.error.code).toBe('principal_kind_not_allowed');
  });

  it('rotates: the new secret works, the old one stays valid until revoked', async () => {
    const agent = await createAgent(t.app, tenant);
    const rotated = await t.http().post(`/v1/admin/agents/${agent.agentId}/credentials`).set(admin());
    expect(rotated.status).toBe(201);
    expect(rotated.body.data.agent.id).toBe(agent.agentId);
    const fresh = rotated.body.data.credential as { id: string; secret: string };
    expect(fresh.secret).not.toBe(agent.apiKey);

    for (const key of [agent.apiKey, fresh.secret]) {
      const res = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${key}`);
      expect(res.status).toBe(200);
      expect(res.body.data.principalId).toBe(agent.agentId);
    }
    const whoOld = await t.http().get(`/v1/admin/agents/${agent.agentId}`).set(admin());
    expect(whoOld.body.data.credentials.map((c: { id: string }) => c.id)).toEqual([agent.credentialId, fresh.id]);

    const revoked = await t.http().delete(`/v1/admin/agents/${agent.agentId}/credentials/${agent.credentialId}`).set(admin());
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id: agent.credentialId, revoked_at: expect.any(String) });
    const again = await t.http().delete(`/v1/admin/agents/${agent.agentId}/credentials/${agent.credentialId}`).set(admin());
    expect(again.status).toBe(200);
    expect(again.body.data.revoked_at).toBe(revoked.body.data.revoked_at);
    const old = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe('unauthenticated');
    const still = await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${fresh.secret}`);
    expect(still.status).toBe(200);
  });

  it("answers credential_not_found for another agent's or tenant's credential", async () => {
    const a = await createAgent(t.app, tenant);
    const b = await createAgent(t.app, tenant);
    const theirs = await createAgent(t.app, other);
    for (const credentialId of [b.credentialId, theirs.credentialId]) {
      const res = await t.http().delete(`/v1/admin/agents/${a.agentId}/credentials/${credentialId}`).set(admin());
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('credential_not_found');
    }
  });

  it('updates name, scopes and booking limit, and clears the limit with null', async () => {
    const agent = await createAgent(t.app, tenant, { bookingLimit: { amount: 100, currency: 'USD' } });
    const res = await t
      .http()
      .patch(`/v1/admin/agents/${agent.agentId}`)
      .set(admin())
      .send({ name: 'Renamed', scopes: ['booking:read', 'catalog:read'] });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed', scopes: ['catalog:read', 'booking:read'], booking_limit: { amount: 100, currency: 'USD' } });
    const cleared = await t.http().patch(`/v1/admin/agents/${agent.agentId}`).set(admin()).send({ booking_limit: null });
    expect(cleared.body.data.booking_limit).toBeNull();
    const empty = await t.http().patch(`/v1/admin/agents/${agent.agentId}`).set(admin()).send({});
    expect(empty.body.error.code).toBe('validation_failed');
    const bad = await t.http().patch(`/v1/admin/agents/${agent.agentId}`).set(admin()).send({ status: 'deleted' });
    expect(bad.body.error.detail.field_errors.map((e: { path: string }) => e.path)).toEqual(['status']);
  });

  it('records when a credential was last used', async () => {
    const agent = await createAgent(t.app, tenant);
    await t.http().get('/__auth/whoami').set('Authorization', `Bearer ${agent.apiKey}`).expect(200);
    let lastUsed: string | null = null;
    for (let i = 0; i < 20 && !lastUsed; i++) {
      const res = await t.http().get(`/v1/admin/agents/${agent.agentId}`).set(admin());
      lastUsed = res.body.data.credentials[0].last_used_at;
      if (!lastUsed) await new Promise((r) => setTimeout(r, 50));
    }
    expect(lastUsed).not.toBeNull();
  });

  it('refuses agents on every admin route with principal_kind_not_allowed', async () => {
    const agent = await createAgent(t.app, tenant);
    const bearer = { Authorization: `Bearer ${agent.apiKey}` };
    const calls = [
      t.http().post('/v1/admin/agents').send({ name: 'x' }),
      t.http().get('/v1/admin/agents'),
      t.http().get(`/v1/admin/agents/${agent.agentId}`),
      t.http().patch(`/v1/admin/agents/${agent.agentId}`).send({ name: 'x' }),
      t.http().post(`/v1/admin/agents/${agent.agentId}/credentials`),
      t.http().delete(`/v1/admin/agents/${agent.agentId}/credentials/${agent.credentialId}`),
      t.http().get('/v1/admin/delegation-issuers'),
    ];
    for (const call of calls) {
      const res = await call.set(bearer);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('principal_kind_not_allowed');
    }
  });
});
