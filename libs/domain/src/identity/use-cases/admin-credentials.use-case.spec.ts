import { DomainError } from '../../errors/domain-error';
import { CredentialChangeNotifier } from '../ports/credential-change-notifier';
import { CredentialMatch, CredentialRepository, NewCredential, NewPrincipal, PrincipalPatch, PrincipalRepository } from '../ports/identity.repository';
import { Caller, Credential, Principal, PrincipalKind } from '../principal';
import { AdminCredentials } from './admin-credentials.use-case';

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
  async update(_t: string, _id: string, _k: PrincipalKind, _patch: PrincipalPatch) {
    return null;
  }
}

class FakeCredentials extends CredentialRepository {
  rows: Credential[] = [];
  async create(input: NewCredential): Promise<Credential> {
    const row = {
      id: uuid(),
      tenantId: input.tenantId,
      principalId: input.principalId,
      secretPrefix: input.secretPrefix,
      createdAt: new Date(),
      revokedAt: null,
      lastUsedAt: null,
    };
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

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error.code;
}

describe('AdminCredentials', () => {
  let principals: FakePrincipals;
  let credentials: FakeCredentials;
  let notifier: RecordingNotifier;
  let useCase: AdminCredentials;
  let admin: Principal;
  let caller: Caller;
  let key: Credential;

  beforeEach(async () => {
    principals = new FakePrincipals();
    credentials = new FakeCredentials();
    notifier = new RecordingNotifier();
    useCase = new AdminCredentials(principals, credentials, notifier);
    admin = await principals.create({ tenantId: T1, kind: 'admin', name: 'admin', scopes: [] });
    caller = { tenantId: T1, principalId: admin.id, kind: 'admin' };
    key = await credentials.create({ tenantId: T1, principalId: admin.id, secretHash: 'h', secretPrefix: 'hcs_adm_abcd' });
  });

  it('rotate issues a new admin key and revokes the old one at once, telling other processes', async () => {
    const { issued, revoked } = await useCase.rotate(caller, key.id);
    expect(issued.secret).toMatch(/^hcs_adm_/);
    expect(issued.credential.principalId).toBe(admin.id);
    expect(revoked).toMatchObject({ id: key.id, revokedAt: expect.any(Date) });
    expect(notifier.changes).toEqual([admin.id]);
    expect(await codeOf(useCase.rotate(caller, key.id))).toBe('credential_not_found');
  });

  it("refuses agents, another tenant's keys, agent keys and malformed ids", async () => {
    const agent = await principals.create({ tenantId: T1, kind: 'agent', name: 'a', scopes: [] });
    const agentKey = await credentials.create({ tenantId: T1, principalId: agent.id, secretHash: 'x', secretPrefix: 'hcs_agt_x' });
    const otherAdmin = await principals.create({ tenantId: T2, kind: 'admin', name: 'b', scopes: [] });
    const otherKey = await credentials.create({ tenantId: T2, principalId: otherAdmin.id, secretHash: 'y', secretPrefix: 'hcs_adm_y' });
    expect(await codeOf(useCase.revoke({ tenantId: T1, principalId: agent.id, kind: 'agent' }, key.id))).toBe('principal_kind_not_allowed');
    for (const id of [agentKey.id, otherKey.id, 'not-a-uuid']) expect(await codeOf(useCase.revoke(caller, id))).toBe('credential_not_found');
    expect(otherKey.revokedAt).toBeNull();
  });

  it('reissue replaces every live key of the first admin (lost-key recovery)', async () => {
    const second = await credentials.create({ tenantId: T1, principalId: admin.id, secretHash: 'h2', secretPrefix: 'hcs_adm_2' });
    const { credential, revoked } = await useCase.reissue(T1);
    expect(revoked.map((c) => c.id).sort()).toEqual([key.id, second.id].sort());
    expect(credential.revokedAt).toBeNull();
  });
});
