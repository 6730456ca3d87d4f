import { DomainError } from '../../errors/domain-error';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialMatch, CredentialRepository, NewCredential, NewPrincipal, PrincipalPatch, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Credential, Principal, PrincipalKind } from '../principal';
import { GetAgent } from './get-agent.use-case';
import { ListAgents } from './list-agents.use-case';
import { RevokeAgentCredential } from './revoke-agent-credential.use-case';
import { RotateAgentCredential } from './rotate-agent-credential.use-case';
import { UpdateAgent } from './update-agent.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

class FakePrincipals extends PrincipalRepository {
  rows: Principal[] = [];
  async create(input: NewPrincipal): Promise<Principal> {
    const row: Principal = { id: uuid(), status: 'active', createdAt: new Date(), ...input, bookingLimit: input.bookingLimit ?? null };
    this.rows.push(row);
    return row;
  }
  async findById(tenantId: string, id: string) {
    return this.rows.find((p) => p.tenantId === tenantId && p.id === id) ?? null;
  }
  async findByIdAndKind(tenantId: string, id: string, kind: PrincipalKind) {
    return this.rows.find((p) => p.tenantId === tenantId && p.id === id && p.kind === kind) ?? null;
  }
  async listByKind(tenantId: string, kind: PrincipalKind) {
    return this.rows.filter((p) => p.tenantId === tenantId && p.kind === kind);
  }
  async update(tenantId: string, id: string, kind: PrincipalKind, patch: PrincipalPatch) {
    const row = await this.findByIdAndKind(tenantId, id, kind);
    if (!row) return null;
    Object.assign(row, Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)));
    return row;
  }
}

class FakeCredentials extends CredentialRepository {
  rows: Array<Credential & { secretHash: string }> = [];
  async create(input: NewCredential): Promise<Credential> {
    const row = { id: uuid(), createdAt: new Date(), revokedAt: null, lastUsedAt: null, ...input };
    this.rows.push(row);
    return row;
  }
  async findLiveByHash(): Promise<CredentialMatch | null> {
    return null;
  }
  async findLiveById(): Promise<CredentialMatch | null> {
    return null;
  }
  async listByPrincipal(tenantId: string, principalId: string) {
    return this.rows.filter((c) => c.tenantId === tenantId && c.principalId === principalId);
  }
  async findById(tenantId: string, principalId: string, id: string) {
    return this.rows.find((c) => c.tenantId === tenantId && c.principalId === principalId && c.id === id) ?? null;
  }
  async revoke(tenantId: string, principalId: string, id: string) {
    const row = await this.findById(tenantId, principalId, id);
    if (row) row.revokedAt ??= new Date();
    return row;
  }
  async touchLastUsed(): Promise<void> {}
}

class RecordingNotifier extends CredentialChangeNotifier {
  changes: string[] = [];
  async principalChanged(_tenantId: string, principalId: string) {
    this.changes.push(principalId);
  }
}

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
    credentials = new FakeCredentials();
    notifier = new RecordingNotifier();
    const a = await principals.create({ tenantId: T1, kind: 'admin', name: 'admin', scopes: [] });
    admin = { tenantId: T1, principalId: a.id, kind: 'admin' };
    agent = await principals.create({ tenantId: T1, kind: 'agent', name: 'agent', scopes: ['catalog:read'] });
    credential = await credentials.create({ tenantId: T1, principalId: agent.id, secretHash: 'h', secretPrefix: 'hcs_agt_abcd' });
    foreign = await principals.create({ tenantId: T2, kind: 'agent', name: 'theirs', scopes: ['catalog:read'] });
  });

  const asAgent = (): Caller => ({ tenantId: T1, principalId: agent.id, kind: 'agent' });

  it('refuse a caller that is not an admin, first', async () => {
    await expect(code(new ListAgents(principals).execute(asAgent()))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new GetAgent(principals, credentials).execute(asAgent(), agent.id))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new UpdateAgent(principals, notifier).execute(asAgent(), agent.id, { status: 'disabled' }))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new RotateAgentCredential(principals, credentials).execute(asAgent(), agent.id))).resolves.toBe('principal_kind_not_allowed');
    await expect(code(new RevokeAgentCredential(principals, credentials, notifier).execute(asAgent(), agent.id, credential.id))).resolves.toBe(
      'principal_kind_not_allowed',
    );
    expect(agent.status).toBe('active');
    expect(notifier.changes).toEqual([]);
  });

  it("treat another tenant's agent as missing", async () => {
    await expect(code(new GetAgent(principals, credentials).execute(admin, foreign.id))).resolves.toBe('agent_not_found');
    await expect(code(new UpdateAgent(principals, notifier).execute(admin, foreign.id, { status: 'disabled' }))).resolves.toBe('agent_not_found');
    await expect(code(new RotateAgentCredential(principals, credentials).execute(admin, foreign.id))).resolves.toBe('agent_not_found');
    expect(foreign.status).toBe('active');
  });

  it('list only agents of the tenant', async () => {
    await expect(new ListAgents(principals).execute(admin)).resolves.toEqual([agent]);
  });

  it('update normalizes scopes to the canonical order and broadcasts the change', async () => {
    const updated = await new UpdateAgent(principals, notifier).execute(admin, agent.id, { scopes: ['booking:read', 'catalog:read'] });
    expect(updated.scopes).toEqual(['catalog:read', 'booking:read']);
    expect(notifier.changes).toEqual([agent.id]);
  });

  it('rotation adds a credential with a fresh secret stored only as its digest', async () => {
    const { issued } = await new RotateAgentCredential(principals, credentials).execute(admin, agent.id);
    const stored = credentials.rows.find((c) => c.id === issued.credential.id);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(credentials.rows)).not.toContain(issued.secret);
    expect(await credentials.listByPrincipal(T1, agent.id)).toHaveLength(2);
  });

  it('revocation needs the credential to belong to that agent', async () => {
    const other = await principals.create({ tenantId: T1, kind: 'agent', name: 'other', scopes: [] });
    await expect(code(new RevokeAgentCredential(principals, credentials, notifier).execute(admin, other.id, credential.id))).resolves.toBe(
      'credential_not_found',
    );
    const revoked = await new RevokeAgentCredential(principals, credentials, notifier).execute(admin, agent.id, credential.id);
    expect(revoked.revokedAt).toBeInstanceOf(Date);
    expect(notifier.changes).toEqual([agent.id]);
  });
});
