import { randomUUID } from 'node:crypto';
import { TenantRepository, WebhookEndpointRepository, type NewWebhookEndpoint } from '@hcs/domain';
import { startPersistenceTier, type PersistenceTier } from '../support/persistence-module';

describe('webhook endpoints (real Postgres, no HTTP)', () => {
  let tier: PersistenceTier;
  let endpoints: WebhookEndpointRepository;
  let tenantId: string;

  beforeAll(async () => {
    tier = await startPersistenceTier();
    endpoints = tier.get(WebhookEndpointRepository);
    tenantId = (await tier.get(TenantRepository).create(`endpoints ${randomUUID()}`)).id;
  });
  afterAll(() => tier.close());

  const endpoint = (overrides: Partial<NewWebhookEndpoint> = {}): NewWebhookEndpoint => ({
    id: randomUUID(),
    tenantId,
    url: 'https://receiver.example/hooks',
    events: ['booking.confirmed'],
    description: 'ops receiver',
    sealedSecret: `sealed-${randomUUID()}`,
    ...overrides,
  });

  it('creates an endpoint, finds it within its tenant only, counts and pages them', async () => {
    const first = await endpoints.create(endpoint());
    expect(first).toMatchObject({ tenantId, url: 'https://receiver.example/hooks', events: ['booking.confirmed'], status: 'enabled', failingSince: null });
    expect(first.createdAt).toBeInstanceOf(Date);
    const second = await endpoints.create(endpoint({ description: null }));

    await expect(endpoints.findById(tenantId, first.id)).resolves.toEqual(first);
    await expect(endpoints.findById(randomUUID(), first.id)).resolves.toBeNull();
    await expect(endpoints.countForTenant(tenantId)).resolves.toBeGreaterThanOrEqual(2);

    const all = await endpoints.list(tenantId, null, 100);
    expect(all.map((e) => e.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const [head] = await endpoints.list(tenantId, null, 1);
    const rest = await endpoints.list(tenantId, { createdAt: head.createdAt, id: head.id }, 100);
    expect(rest.map((e) => e.id)).not.toContain(head.id);
    expect([head, ...rest].map((e) => e.id)).toEqual(all.map((e) => e.id));
  });

  it('patches only what is given: a null description clears it, an absent one keeps it', async () => {
    const e = await endpoints.create(endpoint());
    await expect(endpoints.update(tenantId, e.id, { url: 'https://receiver.example/v2' })).resolves.toMatchObject({
      url: 'https://receiver.example/v2',
      description: 'ops receiver',
      events: ['booking.confirmed'],
    });
    await expect(endpoints.update(tenantId, e.id, { description: null })).resolves.toMatchObject({ description: null, url: 'https://receiver.example/v2' });
    await expect(endpoints.update(tenantId, randomUUID(), { url: 'https://x.example' })).resolves.toBeNull();
  });

  it('keeps the first failure of a run, and an admin status change closes the run', async () => {
    const e = await endpoints.create(endpoint());
    const since = await endpoints.noteFailure(tenantId, e.id);
    expect(since).toBeInstanceOf(Date);
    await expect(endpoints.noteFailure(tenantId, e.id)).resolves.toEqual(since);

    // Not failing long enough yet: stays enabled.
    await expect(endpoints.disableAutomatically(tenantId, e.id, 'failing', new Date(since!.getTime() - 1000))).resolves.toBeNull();
    const disabled = await endpoints.disableAutomatically(tenantId, e.id, 'failing', null);
    expect(disabled).toMatchObject({ status: 'disabled', disabledReason: 'failing', failingSince: since });
    expect(disabled!.autoDisabledAt).toBeInstanceOf(Date);

    const enabled = await endpoints.update(tenantId, e.id, { status: 'enabled', disabledReason: null });
    expect(enabled).toMatchObject({ status: 'enabled', failingSince: null, autoDisabledAt: null, disabledReason: null });

    await endpoints.noteFailure(tenantId, e.id);
    await endpoints.noteSuccess(tenantId, e.id);
    await expect(endpoints.findById(tenantId, e.id)).resolves.toMatchObject({ failingSince: null });
  });

  it('rotates the secret with an overlap, and deletes once', async () => {
    const input = endpoint();
    const e = await endpoints.create(input);
    await expect(endpoints.sealedSecrets(tenantId, e.id)).resolves.toEqual({ current: input.sealedSecret, previous: null });

    const rotated = await endpoints.rotateSecret(tenantId, e.id, 'sealed-next', 3600);
    expect(rotated!.secretRotatedAt).toBeInstanceOf(Date);
    await expect(endpoints.sealedSecrets(tenantId, e.id)).resolves.toEqual({ current: 'sealed-next', previous: input.sealedSecret });
    await endpoints.rotateSecret(tenantId, e.id, 'sealed-third', 0);
    await expect(endpoints.sealedSecrets(tenantId, e.id)).resolves.toEqual({ current: 'sealed-third', previous: null });

    await expect(endpoints.delete(tenantId, e.id)).resolves.toBe(true);
    await expect(endpoints.delete(tenantId, e.id)).resolves.toBe(false);
    await expect(endpoints.sealedSecrets(tenantId, e.id)).resolves.toBeNull();
  });
});
