// The transaction boundary is the persistence layer's; here the use cases run on in-memory ports.
jest.mock('@nestjs-cls/transactional', () => ({ Transactional: () => () => undefined }));

import { DomainError } from '../../errors/domain-error';
import { FakeCredentials, FakePrincipals, RecordingNotifier } from '../../testing/fake-identity-ports';
import { FakeChannelProperties } from '../../testing/fake-channel-ports';
import type { Caller } from '../../identity/principal';
import { CreateChannel } from './create-channel.use-case';
import { GetChannel } from './get-channel.use-case';
import { ListChannels } from './list-channels.use-case';
import { RevokeChannel } from './revoke-channel.use-case';
import { RotateChannelCredential } from './rotate-channel-credential.use-case';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const P1 = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const P2 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('channel use cases', () => {
  let principals: FakePrincipals;
  let credentials: FakeCredentials;
  let grants: FakeChannelProperties;
  let notifier: RecordingNotifier;
  let admin: Caller;

  beforeEach(async () => {
    principals = new FakePrincipals();
    credentials = new FakeCredentials(principals);
    grants = new FakeChannelProperties(
      new Map([
        [T1, [P1]],
        [T2, [P2]],
      ]),
    );
    notifier = new RecordingNotifier();
    const a = await principals.create({ tenantId: T1, kind: 'admin', name: 'admin', scopes: [] });
    admin = { tenantId: T1, principalId: a.id, kind: 'admin' };
  });

  const create = () => new CreateChannel(principals, credentials, grants).execute({ name: 'SiteMinder', propertyIds: [P1] }, admin);

  it('creates a channel with scope ari:write, its properties and a first credential shown once', async () => {
    const { data, meta } = await create();
    expect(data.channel).toEqual(expect.objectContaining({ name: 'SiteMinder', status: 'active', scopes: ['ari:write'], property_ids: [P1] }));
    expect(data.credential.secret).toMatch(/^hcs_chn_/);
    expect(principals.rows.find((p) => p.id === data.channel.id)?.kind).toBe('channel');
    expect(meta.next_actions).toEqual([{ rel: 'get', method: 'GET', href: `/v1/admin/channels/${data.channel.id}` }]);
    const list = await new ListChannels(principals, grants).execute({}, admin);
    expect(list.data.items.map((c) => c.id)).toEqual([data.channel.id]);
  });

  it("refuses another tenant's property, every bad one at once, and creates nothing", async () => {
    const before = principals.rows.length;
    const error = await failure(new CreateChannel(principals, credentials, grants).execute({ name: 'x', propertyIds: [P2, P1, 'nope'] }, admin));
    expect(error.code).toBe('validation_failed');
    expect(error.detail).toEqual({
      field_errors: [
        { path: 'property_ids.0', message: 'is not a property of the tenant' },
        { path: 'property_ids.2', message: 'is not a property of the tenant' },
      ],
    });
    expect(principals.rows.length).toBe(before);
  });

  it('is for admins only', async () => {
    const agent: Caller = { tenantId: T1, principalId: admin.principalId, kind: 'agent' };
    expect((await failure(new ListChannels(principals, grants).execute({}, agent))).code).toBe('principal_kind_not_allowed');
  });

  it('rotation revokes the previous credentials and issues one; revocation disables the channel and tells every process', async () => {
    const { data } = await create();
    const rotate = new RotateChannelCredential(principals, credentials, grants, notifier);
    const rotated = await rotate.execute({ channelId: data.channel.id }, admin);
    expect(rotated.data.credential.id).not.toBe(data.credential.id);
    const detail = await new GetChannel(principals, credentials, grants).execute({ channelId: data.channel.id }, admin);
    expect(detail.data.credentials.map((c) => [c.id, c.revoked_at === null])).toEqual([
      [data.credential.id, false],
      [rotated.data.credential.id, true],
    ]);
    const revoked = await new RevokeChannel(principals, credentials, grants, notifier).execute({ channelId: data.channel.id }, admin);
    expect(revoked.data.status).toBe('disabled');
    expect(notifier.changes).toEqual([data.channel.id, data.channel.id]);
    expect((await failure(rotate.execute({ channelId: data.channel.id }, admin))).code).toBe('channel_revoked');
  });

  it("answers channel_not_found for another tenant's channel, an agent's id and a malformed id", async () => {
    const { data } = await create();
    const other: Caller = { tenantId: T2, principalId: 'x', kind: 'admin' };
    const get = new GetChannel(principals, credentials, grants);
    expect((await failure(get.execute({ channelId: data.channel.id }, other))).code).toBe('channel_not_found');
    expect((await failure(get.execute({ channelId: admin.principalId }, admin))).code).toBe('channel_not_found');
    expect((await failure(get.execute({ channelId: 'nope' }, admin))).code).toBe('channel_not_found');
  });
});
