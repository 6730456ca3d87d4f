import { useState } from 'preact/hooks';
import type { Channel, ChannelMessage } from '../api/types';
import { Card, ErrorBox, Field, formatTime, Pager, SecretOnce, StateBadge } from '../components/common';
import { useAction, useCursor, useLoad, useSession } from '../hooks';

/** The message type without its `OTA_Hotel`/`RQ` ends: `AvailNotif`. */
const shortName = (message: string) => message.replace(/^OTA_Hotel/, '').replace(/RQ$/, '');

/**
 * Channel managers in (docs/channels.md): the tenant's channels with their properties and state;
 * create one (its credential shown once), rotate its credential, revoke it; and the chosen
 * channel's last messages in with their outcome and the RS they were answered with.
 */
export function ChannelsIn() {
  const { api } = useSession();
  const channels = useLoad(() => api.call('listChannels'), []);
  const properties = useLoad(() => api.call('listProperties', { query: { limit: 100 } }), []);
  const [selected, setSelected] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [name, setName] = useState('');
  const [propertyIds, setPropertyIds] = useState<string[]>([]);
  const action = useAction();
  const items = channels.data?.data.items ?? [];
  const current = selected ?? items[0]?.id ?? null;
  const propertyName = new Map((properties.data?.data.items ?? []).map((p) => [p.id, p.name]));

  const create = async (e: Event) => {
    e.preventDefault();
    const issued = await action.run(() => api.call('createChannel', { body: { name: name.trim(), property_ids: propertyIds } }));
    if (issued) {
      setSecret({
        label: `The credential of ${issued.data.channel.name} (Bearer, or HTTP Basic with the channel id as user name)`,
        value: issued.data.credential.secret,
      });
      setName('');
      setPropertyIds([]);
      setSelected(issued.data.channel.id);
      channels.reload();
    }
  };
  const rotate = async (c: Channel) => {
    if (!confirm(`Issue ${c.name} a new credential? The one it uses stops working at once.`)) return;
    const issued = await action.run(() => api.call('rotateChannel', { params: { id: c.id } }));
    if (issued) setSecret({ label: `The new credential of ${c.name}`, value: issued.data.credential.secret });
  };
  const revoke = async (c: Channel) => {
    if (!confirm(`Revoke ${c.name}? Every credential of it stops working and it is disabled for good.`)) return;
    if (await action.run(() => api.call('revokeChannel', { params: { id: c.id } }))) channels.reload();
  };

  return (
    <>
      <Card title="Channel managers in">
        <ErrorBox error={channels.error ?? properties.error} />
        {secret && <SecretOnce label={secret.label} secret={secret.value} onDone={() => setSecret(null)} />}
        <form class="inline-form" onSubmit={create} data-testid="channel-form">
          <Field label="Name">
            <input name="channel_name" value={name} maxLength={200} onInput={(e) => setName(e.currentTarget.value)} required />
          </Field>
          <fieldset class="scopes">
            <legend>Properties it may write</legend>
            {(properties.data?.data.items ?? []).map((p) => (
              <label key={p.id} class="check">
                <input
                  type="checkbox"
                  name="channel_property"
                  value={p.id}
                  checked={propertyIds.includes(p.id)}
                  onChange={(e) => setPropertyIds(e.currentTarget.checked ? [...propertyIds, p.id] : propertyIds.filter((x) => x !== p.id))}
                />{' '}
                {p.name}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={action.busy}>
            Create channel
          </button>
        </form>
        <ErrorBox error={action.error} />
        {items.length === 0 && <p class="muted">No channel manager sends ARI yet.</p>}
        <div class="table-wrap">
          <table data-testid="channels-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Properties</th>
                <th>State</th>
                <th>Created</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {items.map((c) => (
                <tr key={c.id} data-testid="channel" data-channel={c.id} data-status={c.status} class={c.id === current ? 'selected' : undefined}>
                  <td>
                    <button type="button" class="secondary small" onClick={() => setSelected(c.id)}>
                      {c.name}
                    </button>
                    <div class="muted">
                      <code>{c.id}</code>
                    </div>
                  </td>
                  <td>{c.property_ids.map((id) => propertyName.get(id) ?? id.slice(0, 8)).join(', ')}</td>
                  <td>
                    <StateBadge state={c.status} />
                  </td>
                  <td>{formatTime(c.created_at)}</td>
                  <td>
                    {c.status === 'active' && (
                      <div class="row">
                        <button type="button" class="small" onClick={() => rotate(c)} disabled={action.busy}>
                          Rotate credential
                        </button>
                        <button type="button" class="danger small" onClick={() => revoke(c)} disabled={action.busy}>
                          Revoke
                        </button>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {current && <ChannelMessages id={current} name={items.find((c) => c.id === current)?.name ?? ''} />}
    </>
  );
}

/** A channel's last messages in, newest first, each with its RS and request excerpt behind a toggle. */
function ChannelMessages({ id, name }: { id: string; name: string }) {
  const { api } = useSession();
  const paging = useCursor(id);
  const messages = useLoad(() => api.call('listChannelMessages', { params: { id }, query: { limit: 20, cursor: paging.cursor } }), [id, paging.cursor]);
  const items = messages.data?.data.items ?? [];
  return (
    <Card
      title={`Messages in${name ? ` from ${name}` : ''}`}
      actions={
        <button type="button" class="secondary small" onClick={() => messages.reload()} data-testid="reload-messages">
          Reload
        </button>
      }
    >
      <ErrorBox error={messages.error} />
      {messages.data && items.length === 0 && <p class="muted">No message in the last 7 days.</p>}
      {items.map((m: ChannelMessage) => (
        <div key={m.id} class="delivery" data-testid="channel-message" data-outcome={m.outcome}>
          <div class="row spread">
            <span>
              <StateBadge state={m.outcome} /> <strong>{shortName(m.message)}</strong>
              {m.echo_token && (
                <span class="muted">
                  {' '}
                  EchoToken <code>{m.echo_token}</code>
                </span>
              )}
            </span>
            <span class="muted">{formatTime(m.received_at)}</span>
          </div>
          <p class="muted">
            {m.dates_applied} value(s) applied, {m.warnings} warning(s), {m.errors} error(s); {m.request_bytes} bytes in
          </p>
          <details data-testid="message-answer">
            <summary>RS answer{m.answer_truncated ? ' (cut at 64 KiB)' : ''}</summary>
            <pre class="xml">{m.answer}</pre>
          </details>
          <details>
            <summary>Request (start, passwords masked)</summary>
            <pre class="xml">{m.request_excerpt}</pre>
          </details>
        </div>
      ))}
      <Pager
        hasPrevious={paging.hasPrevious}
        nextCursor={messages.data?.data.next_cursor ?? null}
        onPrevious={paging.previous}
        onNext={() => messages.data?.data.next_cursor && paging.next(messages.data.data.next_cursor)}
      />
    </Card>
  );
}
