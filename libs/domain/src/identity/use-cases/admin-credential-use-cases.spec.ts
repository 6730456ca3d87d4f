import { DomainError } from '../../errors/domain-error';
import { FakeCredentials, FakePrincipals, RecordingNotifier } from '../../testing/fake-identity-ports';
import { Caller, Credential, Principal } from '../principal';
import { ReissueAdminCredentials } from './reissue-admin-credentials.use-case';
import { RevokeAdminCredential } from './revoke-admin-credential.use-case';
import { RotateAdminCredential } from './rotate-admin-credential.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';

async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error.code;
}

describe('admin credential use cases', () => {
  let principals: FakePrincipals;
  let credentials: FakeCredentials;
  let notifier: RecordingNotifier;
  let admin: Principal;
  let caller: Caller;
  let key: Credential;

  beforeEach(async () => {
    principals = new FakePrincipals();
    credentials = new FakeCredentials(principals);
    notifier = new RecordingNotifier();
    admin = await principals.create({ tenantId: T1, kind: 'admin', name: 'admin', scopes: [] });
    caller = { tenantId: T1, principalId: admin.id, kind: 'admin' };
    key = await credentials.create({ tenantId: T1, principalId: admin.id, secretHash: 'h', secretPrefix: 'hcs_adm_abcd' });
  });

  it('rotate issues a new admin key and revokes the old one at once, telling other processes', async () => {
    const rotate = new RotateAdminCredential(principals, credentials, notifier);
    const { data, meta } = await rotate.execute({ credentialId: key.id }, caller);
    expect(data.credential.secret).toMatch(/^hcs_adm_/);
    expect(credentials.rows.find((c) => c.id === data.credential.id)?.principalId).toBe(admin.id);
    expect(data.revoked).toMatchObject({ id: key.id, revoked_at: key.revokedAt?.toISOString() });
    expect(key.revokedAt).toBeInstanceOf(Date);
    expect(meta.next_actions).toBeUndefined();
    expect(notifier.changes).toEqual([admin.id]);
    expect(await codeOf(rotate.execute({ credentialId: key.id }, caller))).toBe('credential_not_found');
  });

  it("refuses agents, another tenant's keys, agent keys and malformed ids", async () => {
    const revoke = new RevokeAdminCredential(principals, credentials, notifier);
    const agent = await principals.create({ tenantId: T1, kind: 'agent', name: 'a', scopes: [] });
    const agentKey = await credentials.create({ tenantId: T1, principalId: agent.id, secretHash: 'x', secretPrefix: 'hcs_agt_x' });
    const otherAdmin = await principals.create({ tenantId: T2, kind: 'admin', name: 'b', scopes: [] });
    const otherKey = await credentials.create({ tenantId: T2, principalId: otherAdmin.id, secretHash: 'y', secretPrefix: 'hcs_adm_y' });
    expect(await codeOf(revoke.execute({ credentialId: key.id }, { tenantId: T1, principalId: agent.id, kind: 'agent' }))).toBe('principal_kind_not_allowed');
    for (const id of [agentKey.id, otherKey.id, 'not-a-uuid']) expect(await codeOf(revoke.execute({ credentialId: id }, caller))).toBe('credential_not_found');
    expect(otherKey.revokedAt).toBeNull();
    expect(agentKey.revokedAt).toBeNull();
    expect(key.revokedAt).toBeNull();
  });

  it('revoke twice keeps the first revoked_at', async () => {
    const revoke = new RevokeAdminCredential(principals, credentials, notifier);
    const first = await revoke.execute({ credentialId: key.id }, caller);
    const second = await revoke.execute({ credentialId: key.id }, caller);
    expect(first.data.revoked_at).not.toBeNull();
    expect(second.data.revoked_at).toBe(first.data.revoked_at);
  });

  it('reissue replaces every live key of the calling admin (lost-key recovery)', async () => {
    const second = await credentials.create({ tenantId: T1, principalId: admin.id, secretHash: 'h2', secretPrefix: 'hcs_adm_2' });
    const { data } = await new ReissueAdminCredentials(credentials, notifier).execute({}, caller);
    expect(data.revoked.map((c) => c.id).sort()).toEqual([key.id, second.id].sort());
    expect(credentials.rows.find((c) => c.id === data.credential.id)?.revokedAt).toBeNull();
    expect(data.credential.secret).toMatch(/^hcs_adm_/);
  });

  it('reissue refuses an agent', async () => {
    const agent = await principals.create({ tenantId: T1, kind: 'agent', name: 'a', scopes: [] });
    expect(await codeOf(new ReissueAdminCredentials(credentials, notifier).execute({}, { tenantId: T1, principalId: agent.id, kind: 'agent' }))).toBe(
      'principal_kind_not_allowed',
    );
    expect(key.revokedAt).toBeNull();
  });
});
