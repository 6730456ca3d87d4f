import { useState } from 'preact/hooks';
import type { WebhookDelivery, WebhookEndpoint } from '../api/types';
import { Card, ErrorBox, Field, formatTime, Pager, SecretOnce, StateBadge } from '../components/common';
import { useAction, useCursor, useLoad, useSession } from '../hooks';
import { linkProps } from '../router';

const EVENTS = [
  'booking.confirmed',
  'booking.cancelled',
  'booking.modified',
  'refund.issued',
  'hold.expired',
  'oversell.detected',
  'webhook_endpoint.disabled',
];

const isDisabled = (w: WebhookEndpoint) => w.status === 'disabled';

/**
 * Webhook endpoints (docs/events.md): create with the secret shown once, rotate the secret,
 * disable or enable, send a test ping. Shown only when the API has /v1/admin/webhooks.
 */
export function WebhooksPage() {
  const { api, capabilities } = useSession();
  const endpoints = useLoad(() => api.call('listWebhooks', { query: { limit: 100 } }), []);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>(EVENTS.slice(0, 2));
  const [secret, setSecret] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const action = useAction();
  const rotatePath = capabilities.discovered.rotateWebhookSecret;
  const patchFields = capabilities.requestFields('updateWebhook');

  const create = async (e: Event) => {
    e.preventDefault();
    const created = await action.run(() => api.call('createWebhook', { body: description ? { url, events, description } : { url, events } }));
    if (created) {
      setSecret(created.data.secret ?? null);
      setUrl('');
      setDescription('');
      endpoints.reload();
    }
  };
  const rotate = async (id: string) => {
    if (!rotatePath) return;
    const rotated = await action.run(() => api.callPath<{ secret?: string }>('POST', rotatePath, pathParam(rotatePath, id)));
    if (rotated) {
      setSecret(rotated.data.secret ?? null);
      endpoints.reload();
    }
  };
  const toggle = async (w: WebhookEndpoint) => {
    const body = patchFields.includes('enabled') ? { enabled: isDisabled(w) } : { status: isDisabled(w) ? 'enabled' : 'disabled' };
    if (await action.run(() => api.call('updateWebhook', { params: { id: w.id }, body }))) endpoints.reload();
  };
  const ping = async (id: string) => {
    setNotice(null);
    if (await action.run(() => api.call('testWebhook', { params: { id } }))) setNotice('The receiver accepted the test ping.');
  };
  const items = endpoints.data?.data.items ?? [];
  return (
    <>
      <Card title="New endpoint">
        {secret && <SecretOnce label="The endpoint's signing secret" secret={secret} onDone={() => setSecret(null)} />}
        <form class="filters" onSubmit={create}>
          <Field label="URL (https)">
            <input type="url" value={url} onInput={(e) => setUrl(e.currentTarget.value)} required />
          </Field>
          <Field label="Description">
            <input value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
          </Field>
          <fieldset class="scopes">
            <legend>Events</legend>
            {EVENTS.map((ev) => (
              <label key={ev} class="check">
                <input
                  type="checkbox"
                  checked={events.includes(ev)}
                  onChange={(e) => setEvents(e.currentTarget.checked ? [...events, ev] : events.filter((x) => x !== ev))}
                />{' '}
                {ev}
              </label>
            ))}
          </fieldset>
          <div class="row">
            <button type="submit" disabled={action.busy}>
              Create endpoint
            </button>
          </div>
        </form>
      </Card>
      {notice && (
        <p class="ok" role="status">
          {notice}
        </p>
      )}
      <ErrorBox error={action.error ?? endpoints.error} />
      <Card title="Endpoints">
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>URL</th>
                <th>Events</th>
                <th>Status</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {items.map((w) => (
                <tr key={w.id}>
                  <td>
                    <a {...linkProps(`/webhooks/${w.id}`)}>{w.url}</a>
                    {w.description && <div class="muted">{w.description}</div>}
                  </td>
                  <td>{w.events.join(', ')}</td>
                  <td>
                    <StateBadge state={isDisabled(w) ? 'disabled' : 'active'} />
                    {isDisabled(w) && w.auto_disabled_at && (
                      <span class="badge badge-auto-disabled" data-testid="auto-disabled" title={w.disabled_reason ?? undefined}>
                        auto-disabled {formatTime(w.auto_disabled_at)}
                      </span>
                    )}
                    {!isDisabled(w) && w.failing_since && (
                      <span class="badge badge-failing" data-testid="failing" title="every attempt has failed since then">
                        failing since {formatTime(w.failing_since)}
                      </span>
                    )}
                    {isDisabled(w) && w.disabled_reason && <div class="muted">{w.disabled_reason}</div>}
                  </td>
                  <td class="row">
                    <button type="button" class="small" onClick={() => ping(w.id)} disabled={action.busy}>
                      Test ping
                    </button>
                    {rotatePath && (
                      <button type="button" class="secondary small" onClick={() => rotate(w.id)} disabled={action.busy}>
                        Rotate secret
                      </button>
                    )}
                    {(patchFields.includes('enabled') || patchFields.includes('status')) && (
                      <button type="button" class="secondary small" onClick={() => toggle(w)} disabled={action.busy}>
                        {isDisabled(w) ? 'Enable' : 'Disable'}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

/** The single path parameter of a discovered path, whatever the document names it. */
function pathParam(path: string, id: string): { params: Record<string, string> } {
  const name = /\{([^}]+)\}/.exec(path)?.[1] ?? 'id';
  return { params: { [name]: id } };
}

/** Deliveries of one endpoint, every attempt listed; replay one, or the whole dead letter. */
export function WebhookDeliveriesPage({ id }: { id: string }) {
  const { api, capabilities } = useSession();
  const [state, setState] = useState('');
  const paging = useCursor(state);
  const deliveries = useLoad(
    () =>
      capabilities.has('listDeliveries')
        ? api.call('listDeliveries', { params: { id }, query: { state, limit: 20, cursor: paging.cursor } })
        : Promise.resolve(null),
    [id, state, paging.cursor],
  );
  const action = useAction();
  const [notice, setNotice] = useState<string | null>(null);
  const bulkPath = capabilities.discovered.replayDeadLetter;
  const replay = async (d: WebhookDelivery) => {
    setNotice(null);
    if (await action.run(() => api.call('replayDelivery', { params: { id: d.id } }))) {
      setNotice(`Delivery ${d.id.slice(0, 8)} replayed.`);
      deliveries.reload();
    }
  };
  const replayAll = async () => {
    if (!bulkPath || !confirm('Replay every dead delivery of this endpoint?')) return;
    if (await action.run(() => api.callPath('POST', bulkPath, pathParam(bulkPath, id)))) {
      setNotice('Dead letter replayed.');
      deliveries.reload();
    }
  };
  return (
    <>
      <p>
        <a {...linkProps('/webhooks')}>← Webhooks</a>
      </p>
      <Card
        title="Deliveries"
        actions={
          <>
            <select value={state} onChange={(e) => setState(e.currentTarget.value)} aria-label="State">
              <option value="">every state</option>
              {['pending', 'in_flight', 'succeeded', 'failed', 'dead'].map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            {bulkPath && (
              <button type="button" class="danger small" onClick={replayAll} disabled={action.busy}>
                Replay dead letter
              </button>
            )}
          </>
        }
      >
        {notice && (
          <p class="ok" role="status">
            {notice}
          </p>
        )}
        <ErrorBox error={action.error ?? deliveries.error} />
        {!capabilities.has('listDeliveries') && <p class="muted">This API does not list deliveries yet.</p>}
        {deliveries.data?.data.items.map((d) => (
          <div key={d.id} class="delivery" data-testid="delivery" data-state={d.state}>
            <div class="row spread">
              <span>
                <StateBadge state={d.state} /> <strong>{d.event_type}</strong> <code>{d.id.slice(0, 8)}</code>
              </span>
              {capabilities.has('replayDelivery') && (d.state === 'dead' || d.state === 'failed') && (
                <button type="button" class="small" onClick={() => replay(d)} disabled={action.busy} data-testid="replay">
                  Replay
                </button>
              )}
            </div>
            <table class="compact">
              <tbody>
                {d.attempts.map((a, i) => (
                  <tr key={i}>
                    <td>#{i + 1}</td>
                    <td>{formatTime(a.at)}</td>
                    <td>{a.status ?? 'no answer'}</td>
                    <td>{a.duration_ms != null ? `${a.duration_ms} ms` : ''}</td>
                    <td>{a.error ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
        <Pager
          hasPrevious={paging.hasPrevious}
          nextCursor={deliveries.data?.data.next_cursor ?? null}
          onPrevious={paging.previous}
          onNext={() => deliveries.data?.data.next_cursor && paging.next(deliveries.data.data.next_cursor)}
        />
      </Card>
    </>
  );
}
