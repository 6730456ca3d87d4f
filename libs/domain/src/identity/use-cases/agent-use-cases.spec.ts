// The transaction boundary is the persistence layer's; here the use case runs on in-memory ports.
jest.mock('@nestjs-cls/transactional', () => ({ Transactional: () => () => undefined }));

import { DomainError } from '../../errors/domain-error';
import { FakeCredentials, FakePrincipals, RecordingNotifier } from '../../testing/fake-identity-ports';
import { Caller, Credential, Principal } from '../principal';
import { CreateAgent } from './create-agent.use-case';
import { GetAgent } from './get-agent.use-case';
import { ListAgents } from './list-agents.use-case';
import { RevokeAgentCredential } from './revoke-agent-credential.use-case';
import { RotateAgentCredential } from './rotate-agent-credential.use-case';
import { UpdateAgent } from './update-agent.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

async function code(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error.code;
}

describe('agent use cases', () => {
  let principals: FakePrincipals;
  let credentials: FakeCredentials;
  let notifier: RecordingNotifier;
  let admin: Caller;
  let agent: Principal;
  let credential: Credential;
  let foreign: Principal;

  beforeEach(async () => {
    principals = new FakePrincipals();
    credentials = new FakeCredentials(principals);
    notifier = new RecordingNotifier();
    const a = await principals.create({ tenantId: T1, kind: 'admin', name: 'admin', scopes: [] });
    admin = { tenantId: T1, principalId: a.id, kind: 'admin' };
    agent = await principals.create({ tenantId: T1, kind: 'agent', name: 'agent', scopes: ['catalog:read'] });
    credential = await credentials.create({ tenantId: T1, principalId: agent.id, secretHash: 'h', secretPrefix: 'hcs_agt_abcd' });
    foreign = await principals.create({ tenantId: T2, kind: 'agent', name: 'theirs', scopes: ['catalog:read'] });
  });

  const asAgent = (): Caller => ({ tenantId: T1, principalId: agent.id, kind: 'agent' });
  const getAction = (id: string) => ({ rel: 'get', method: 'GET', href: `/v1/admin/agents/${id}` });

  it('refuse a caller that is not an admin, first', async () => {
    const count = principals.rows.length;
    await expect(code(new CreateAgent(principals, credentials).execute({ name: 'x' }, asAgent()))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new ListAgents(principals).execute({}, asAgent()))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new GetAgent(principals, credentials).execute({ agentId: agent.id }, asAgent()))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new UpdateAgent(principals, notifier).execute({ agentId: agent.id, status: 'disabled' }, asAgent()))).resolves.toBe(
      'principal_kind_not_allowed',
    );
    await expect(code(new RotateAgentCredential(principals, credentials).execute({ agentId: agent.id }, asAgent()))).resolves.toBe(
      'principal_kind_not_allowed',
    );
    await expect(
      code(new RevokeAgentCredential(principals, credentials, notifier).execute({ agentId: agent.id, credentialId: credential.id }, asAgent())),
    ).resolves.toBe('principal_kind_not_allowed');
    expect(principals.rows).toHaveLength(count);
    expect(agent.status).toBe('active');
    expect(credential.revokedAt).toBeNull();
    expect(notifier.changes).toEqual([]);
  });

  it('create an agent of the admin tenant with every scope by default, its secret shown once, next: get', async () => {
    const outcome = await new CreateAgent(principals, credentials).execute({ name: 'booker' }, admin);
    const created = principals.rows.find((p) => p.name === 'booker');
    expect(created).toMatchObject({ tenantId: T1, kind: 'agent', scopes: ['catalog:read', 'booking:write', 'booking:read'], bookingLimit: null });
    expect(outcome.data.agent).toMatchObject({ id: created?.id, name: 'booker', status: 'active', booking_limit: null });
    expect(outcome.data.credential.secret).toMatch(/^hcs_agt_/);
    expect(outcome.data.credential.prefix).toBe(outcome.data.credential.secret.slice(0, outcome.data.credential.prefix.length));
    expect(JSON.stringify(credentials.rows)).not.toContain(outcome.data.credential.secret);
    expect(outcome.meta.next_actions).toEqual([getAction(created?.id ?? '')]);
  });

  it("treat another tenant's agent (or a malformed id) as missing", async () => {
    await expect(code(new GetAgent(principals, credentials).execute({ agentId: foreign.id }, admin))).resolves.toBe('agent_not_found');
    await expect(code(new GetAgent(principals, credentials).execute({ agentId: 'nope' }, admin))).resolves.toBe('agent_not_found');
    await expect(code(new UpdateAgent(principals, notifier).execute({ agentId: foreign.id, status: 'disabled' }, admin))).resolves.toBe('agent_not_found');
    await expect(code(new RotateAgentCredential(principals, credentials).execute({ agentId: foreign.id }, admin))).resolves.toBe('agent_not_found');
    expect(foreign.status).toBe('active');
  });

  it('list only agents of the tenant, as views', async () => {
    const outcome = await new ListAgents(principals).execute({}, admin);
    expect(outcome.data.items).toEqual([
      { id: agent.id, name: 'agent', status: 'active', scopes: ['catalog:read'], booking_limit: null, created_at: agent.createdAt.toISOString() },
    ]);
  });

  it('read an agent with its credentials, never their secrets or digests', async () => {
    const { data } = await new GetAgent(principals, credentials).execute({ agentId: agent.id }, admin);
    expect(data.id).toBe(agent.id);
    expect(data.credentials).toEqual([
      { id: credential.id, prefix: 'hcs_agt_abcd', created_at: credential.createdAt.toISOString(), revoked_at: null, last_used_at: null },
    ]);
  });

  it('update normalizes scopes to the canonical order, broadcasts the change and points to the agent', async () => {
    const outcome = await new UpdateAgent(principals, notifier).execute({ agentId: agent.id, scopes: ['booking:read', 'catalog:read'] }, admin);
    expect(outcome.data.scopes).toEqual(['catalog:read', 'booking:read']);
    expect(outcome.meta.next_actions).toEqual([getAction(agent.id)]);
    expect(notifier.changes).toEqual([agent.id]);
  });

  it('update without any field is validation_failed and changes nothing', async () => {
    await expect(code(new UpdateAgent(principals, notifier).execute({ agentId: agent.id }, admin))).resolves.toBe('validation_failed');
    expect(notifier.changes).toEqual([]);
  });

  it('rotation adds a credential with a fresh secret stored only as its digest', async () => {
    const { data } = await new RotateAgentCredential(principals, credentials).execute({ agentId: agent.id }, admin);
    const stored = credentials.rows.find((c) => c.id === data.credential.id);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(credentials.rows)).not.toContain(data.credential.secret);
    expect(await credentials.listByPrincipal(T1, agent.id)).toHaveLength(2);
  });

  it('revocation needs the credential to belong to that agent', async () => {
    const other = await principals.create({ tenantId: T1, kind: 'agent', name: 'other', scopes: [] });
    const revoke = new RevokeAgentCredential(principals, credentials, notifier);
    await expect(code(revoke.execute({ agentId: other.id, credentialId: credential.id }, admin))).resolves.toBe('credential_not_found');
    const outcome = await revoke.execute({ agentId: agent.id, credentialId: credential.id }, admin);
    expect(outcome.data.revoked_at).toBe(credential.revokedAt?.toISOString());
    expect(outcome.meta.next_actions).toEqual([getAction(agent.id)]);
    expect(notifier.changes).toEqual([agent.id]);
  });
});
