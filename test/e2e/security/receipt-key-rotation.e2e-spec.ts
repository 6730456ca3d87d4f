import { createTenant } from '../../support/factories';
import { bookStay, ChainAgent, ChainCatalog, createChainAgent, createChainCatalog, travelerDelegation } from '../../support/chain-fixtures';
import { runCli } from '../../support/processes';
import { startTestApp, TestApp } from '../../support/test-app';

/** `hcs receipts rotate-key --tenant`: the tenant's new kid signs, receipts of the old one still verify. */
describe('hcs receipts rotate-key', () => {
  // Runs the CLI as processes and starts a second app: a bound for a loaded machine, not a speed target.
  jest.setTimeout(120_000);
  let t: TestApp;
  let later: TestApp | undefined;
  let agent: ChainAgent;
  let catalog: ChainCatalog;
  let tenantId: string;

  beforeAll(async () => {
    t = await startTestApp();
    tenantId = (await createTenant(t.app)).tenantId;
    agent = await createChainAgent(t.app, tenantId);
    catalog = await createChainCatalog(t.app, tenantId);
  });
  afterAll(async () => {
    await later?.close();
    await t.close();
  });

  const verify = (app: TestApp, receipt: unknown) => app.http().post('/v1/receipts/verify').set('authorization', `Bearer ${agent.apiKey}`).send({ receipt });

  it('adds a key with a new kid that signs from then on, while older receipts keep verifying', async () => {
    const before = await bookStay(t, agent, catalog, await travelerDelegation(t.app, tenantId, 'rot-1'), { start: 60, nights: 1, adults: 1 });
    const oldKid = (before.receipt as { kid: string }).kid;

    const res = await runCli(['receipts', 'rotate-key', '--tenant', tenantId, '--json']);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const { kid } = JSON.parse(res.stdout) as { kid: string };
    expect(kid).toMatch(/^receipt-v\d+$/);
    expect(kid).not.toBe(oldKid);

    // A process that starts now (no cached signing key) signs with the new kid.
    later = await startTestApp();
    const after = await bookStay(later, agent, catalog, await travelerDelegation(t.app, tenantId, 'rot-2'), { start: 62, nights: 1, adults: 1 });
    expect((after.receipt as { kid: string }).kid).toBe(kid);

    for (const app of [t, later]) {
      for (const receipt of [before.receipt, after.receipt]) expect((await verify(app, receipt)).body.data).toEqual({ valid: true });
    }
  });
});
