import { CredentialChangeNotifier } from '../identity/ports/credential-change-notifier';
import { CredentialMatch, CredentialRepository, NewCredential } from '../identity/ports/credential.repository';
import { NewPrincipal, PrincipalPatch, PrincipalRepository } from '../identity/ports/principal.repository';
import type { Credential, Principal, PrincipalKind } from '../identity/principal';

let seq = 0;
/** A fresh, valid v4-shaped uuid per call (the use cases refuse malformed ids before any lookup). */
export const fakeUuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

/** Principals kept in memory, tenant-scoped like the real repository. */
export class FakePrincipals extends PrincipalRepository {
  rows: Principal[] = [];
  async create(input: NewPrincipal): Promise<Principal> {
    const row: Principal = { id: fakeUuid(), status: 'active', createdAt: new Date(), ...input, bookingLimit: input.bookingLimit ?? null };
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

/** Credentials kept in memory with their digest (a spec checks the secret itself is never stored). */
export class FakeCredentials extends CredentialRepository {
  rows: Array<Credential & { secretHash: string }> = [];

  /** With the principals, the global lookups answer like the real ones; without, they find nothing. */
  constructor(private readonly principals?: FakePrincipals) {
    super();
  }

  async create(input: NewCredential): Promise<Credential> {
    const row = { id: fakeUuid(), createdAt: new Date(), revokedAt: null, lastUsedAt: null, ...input };
    this.rows.push(row);
    return row;
  }
  async findLiveByHash(secretHash: string): Promise<CredentialMatch | null> {
    return this.match(this.rows.find((c) => c.secretHash === secretHash && !c.revokedAt));
  }
  async findLiveById(credentialId: string): Promise<CredentialMatch | null> {
    return this.match(this.rows.find((c) => c.id === credentialId && !c.revokedAt));
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
  async touchLastUsed(tenantId: string, credentialId: string, at: Date): Promise<void> {
    const row = this.rows.find((c) => c.tenantId === tenantId && c.id === credentialId);
    if (row) row.lastUsedAt = at;
  }

  private match(row: (Credential & { secretHash: string }) | undefined): CredentialMatch | null {
    if (!row || !this.principals) return null;
    const principal = this.principals.rows.find((p) => p.id === row.principalId);
    return principal ? { credential: row, secretHash: row.secretHash, principal } : null;
  }
}

/** Remembers which principals other processes were told to forget. */
export class RecordingNotifier extends CredentialChangeNotifier {
  changes: string[] = [];
  async principalChanged(_tenantId: string, principalId: string) {
    this.changes.push(principalId);
  }
}
