import { randomUUID } from 'node:crypto';
import { createAgent, createTenant, TestAgent, TestTenant } from '../../support/factories';
import { runCli } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/** Issue 11 item 13: admin API keys can be rotated and revoked (route and CLI). */
describe('admin credentials', () => {
  let t: TestApp;
  let tenant: TestTenant;
  let other: TestTenant;
  let agent: TestAgent;

  beforeAll(async () => {
    t = await startTestApp();
    tenant = await createTenant(t.app);
    other = await createTenant(t.app);
    agent = await createAgent(t.app, tenant);
  });
  afterAll(() => t.close());

  const as = (key: string) => ({ Authorization: `Bearer ${key}` });
  const credentialIdOf = async (key: string): Promise<string> => {
    // Admin keys have no listing route: the test finds a key's id the way the bearer lookup does.
    const { CredentialRepository } = await import('@hcs/domain');
    const { createHash } = await import('node:crypto');
    const match = await t.app.get(CredentialRepository).findLiveByHash(createHash('sha256').update(key).digest('hex'));
    if (!match) throw new Error('key not found');
    return match.credential.id;
  };

  it('rotates: a new key shown once, the old one revoked at once', async () => {
    const oldId = await credentialIdOf(tenant.adminKey);
    const res = await t.http().post(`/v1/admin/credentials/${oldId}/rotate`).set(as(tenant.adminKey));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      credential: { id: expect.any(String), secret: expect.stringMatching(/^hcs_adm_/), prefix: expect.any(String), created_at: expect.any(String) },
      revoked: { id: oldId, prefix: expect.any(String), created_at: expect.any(String), revoked_at: expect.any(String), last_used_at: expect.anything() },
    });
    await t.http().get('/v1/admin/agents').set(as(tenant.adminKey)).expect(401);
    const fresh = res.body.data.credential.secret as string;
    await t.http().get('/v1/admin/agents').set(as(fresh)).expect(200);
    tenant = { ...tenant, adminKey: fresh };
  });

  it("revokes, and refuses another tenant's, an agent's, unknown and malformed ids as credential_not_found / validation_failed", async () => {
    const spare = await t
      .http()
      .post(`/v1/admin/credentials/${await credentialIdOf(tenant.adminKey)}/rotate`)
      .set(as(tenant.adminKey));
    const key = spare.body.data.credential.secret as string;
    const id = spare.body.data.credential.id as string;
    for (const target of [await credentialIdOf(other.adminKey), agent.credentialId, randomUUID()]) {
      const res = await t.http().post(`/v1/admin/credentials/${target}/revoke`).set(as(key));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('credential_not_found');
    }
    expect((await t.http().post('/v1/admin/credentials/nope/rotate').set(as(key))).body.error.code).toBe('validation_failed');
    expect((await t.http().post(`/v1/admin/credentials/${id}/revoke`).set(as(agent.apiKey))).body.error.code).toBe('principal_kind_not_allowed');

    const revoked = await t.http().post(`/v1/admin/credentials/${id}/revoke`).set(as(key));
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({ id, revoked_at: expect.any(String) });
    await t.http().get('/v1/admin/agents').set(as(key)).expect(401);
    // The other tenant's admin still works.
    await t.http().get('/v1/admin/agents').set(as(other.adminKey)).expect(200);
  });

  it('hcs admin-key rotate --tenant reissues a lost key; revoke --credential revokes one', async () => {
    const rotated = await runCli(['admin-key', 'rotate', '--tenant', tenant.tenantId, '--json']);
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    const out = JSON.parse(rotated.stdout) as { credential: { id: string; secret: string }; revoked: string[] };
    expect(out.credential.secret).toMatch(/^hcs_adm_/);
    // The earlier tests revoked every key of this admin: the lost-key path issues one anyway.
    expect(out.revoked).toEqual([]);
    await t.http().get('/v1/admin/agents').set(as(out.credential.secret)).expect(200);

    const revoked = await runCli(['admin-key', 'revoke', '--tenant', tenant.tenantId, '--credential', out.credential.id, '--json']);
    expect(revoked.code).toBe(0);
    expect(JSON.parse(revoked.stdout)).toEqual({ id: out.credential.id, revoked_at: expect.any(String) });
    // The api's credential cache is told through Redis; within its 5 s window at most.
    await new Promise((r) => setTimeout(r, 5_200));
    await t.http().get('/v1/admin/agents').set(as(out.credential.secret)).expect(401);
  });
});
