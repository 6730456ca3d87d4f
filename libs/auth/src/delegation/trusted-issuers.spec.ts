import { DelegationIssuer, DelegationIssuerRepository, IssuerChangeNotifier } from '@hcs/domain';
import { TrustedIssuers } from './trusted-issuers';

const issuer = (status: DelegationIssuer['status']): DelegationIssuer => ({
  id: 'i1',
  tenantId: 't1',
  iss: 'https://idp.example',
  name: 'IdP',
  status,
  jwksUrl: null,
  jwks: null,
  allowedAudiences: [],
  createdAt: new Date(0),
  updatedAt: new Date(0),
});

class FakeChanges extends IssuerChangeNotifier {
  private readonly listeners: Array<() => void> = [];
  async issuersChanged(): Promise<void> {
    this.listeners.forEach((l) => l());
  }
  onIssuersChanged(listener: () => void): void {
    this.listeners.push(listener);
  }
}

function setup() {
  let current: DelegationIssuer | null = issuer('active');
  let release: (() => void) | null = null;
  const findTrusted = jest.fn(async () => {
    const answer = current;
    if (release === null) return answer;
    await new Promise<void>((resolve) => (release = resolve));
    return answer;
  });
  const repository = { findTrusted } as unknown as DelegationIssuerRepository;
  const changes = new FakeChanges();
  const trusted = new TrustedIssuers(repository, changes);
  return {
    trusted,
    changes,
    findTrusted,
    set: (next: DelegationIssuer | null) => (current = next),
    hold: () => (release = () => undefined),
    release: () => {
      const resolve = release;
      release = null;
      resolve?.();
    },
  };
}

describe('TrustedIssuers', () => {
  it('answers a repeated lookup from memory, unknown issuers included', async () => {
    const s = setup();
    expect((await s.trusted.find('t1', 'https://idp.example'))?.status).toBe('active');
    expect((await s.trusted.find('t1', 'https://idp.example'))?.status).toBe('active');
    s.set(null);
    expect(await s.trusted.find('t2', 'https://other.example')).toBeNull();
    expect(await s.trusted.find('t2', 'https://other.example')).toBeNull();
    expect(s.findTrusted).toHaveBeenCalledTimes(2);
  });

  it('drops everything when an issuer change is announced', async () => {
    const s = setup();
    await s.trusted.find('t1', 'https://idp.example');
    s.set(issuer('suspended'));
    await s.changes.issuersChanged();
    expect((await s.trusted.find('t1', 'https://idp.example'))?.status).toBe('suspended');
    expect(s.findTrusted).toHaveBeenCalledTimes(2);
  });

  it('does not keep a lookup that raced with a change', async () => {
    const s = setup();
    s.hold();
    const first = s.trusted.find('t1', 'https://idp.example');
    await Promise.resolve();
    s.set(issuer('suspended'));
    await s.changes.issuersChanged();
    s.release();
    expect((await first)?.status).toBe('active');
    expect((await s.trusted.find('t1', 'https://idp.example'))?.status).toBe('suspended');
  });
});
