import { useState } from 'preact/hooks';
import type { ChannelConnection, ChannelDelivery } from '../api/types';
import { Card, ErrorBox, formatTime, StateBadge } from '../components/common';
import { useAction, useLoad, useSession } from '../hooks';
import { ChannelsIn } from './channels-in';

/**
 * Channel managers: the channels that send ARI in, their credentials and messages (docs/channels.md,
 * `ChannelsIn`); and (docs/channels-out.md) the tenant's connections and, for the one chosen, its
 * last deliveries with every attempt and the channel manager's answer; replay a failed or dead one.
 * Connections are created through the API (their credential never comes back to the console).
 */
export function ChannelsPage() {
  const { api } = useSession();
  const connections = useLoad(() => api.call('listChannelConnections', { query: { limit: 100 } }), []);
  const [selected, setSelected] = useState<string | null>(null);
  const items = connections.data?.data.items ?? [];
  const current = selected ?? items[0]?.id ?? null;
  return (
    <>
      <ChannelsIn />
      <ErrorBox error={connections.error} />
      <Card title="Channel connections">
        {items.length === 0 && <p class="muted">No channel manager is connected (POST /v1/admin/channel-connections).</p>}
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Receiver</th>
                <th>Property</th>
                <th>Auth</th>
                <th>Since</th>
              </tr>
            </thead>
            <tbody>
              {items.map((c: ChannelConnection) => (
                <tr key={c.id} data-testid="channel-connection" class={c.id === current ? 'selected' : undefined}>
                  <td>
                    <button type="button" class="secondary small" onClick={() => setSelected(c.id)}>
                      {c.url}
                    </button>
                  </td>
                  <td>
                    <code>{c.property_id.slice(0, 8)}</code>
                  </td>
                  <td>{c.auth.type === 'basic' ? `basic (${c.auth.username ?? ''})` : 'bearer'}</td>
                  <td>{formatTime(c.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
      {current && <ChannelDeliveries id={current} />}
    </>
  );
}

/** The last deliveries of one connection, newest page first as the API pages them, with their answers. */
function ChannelDeliveries({ id }: { id: string }) {
  const { api } = useSession();
  const deliveries = useLoad(() => api.call('listChannelDeliveries', { params: { id }, query: { limit: 20 } }), [id]);
  const action = useAction();
  const replay = async (d: ChannelDelivery) => {
    if (await action.run(() => api.call('replayChannelDelivery', { params: { id: d.id } }))) deliveries.reload();
  };
  return (
    <Card title="Deliveries">
      <ErrorBox error={action.error ?? deliveries.error} />
      {deliveries.data?.data.items.length === 0 && <p class="muted">No reservation was sent to this connection yet.</p>}
      {deliveries.data?.data.items.map((d) => (
        <div key={d.id} class="delivery" data-testid="channel-delivery" data-state={d.state}>
          <div class="row spread">
            <span>
              <StateBadge state={d.state} /> <strong>{d.event_type}</strong> booking <code>{d.booking_id.slice(0, 8)}</code>
              {d.acknowledged_id && <span class="muted"> confirmed by the property as {d.acknowledged_id}</span>}
            </span>
            {(d.state === 'dead' || d.state === 'failed') && (
              <button type="button" class="small" onClick={() => replay(d)} disabled={action.busy}>
                Replay
              </button>
            )}
          </div>
          <table class="compact">
            <tbody>
              {d.attempts.map((a, i) => (
                <tr key={i}>
                  <td>
                    #{a.chain}.{a.attempt}
                  </td>
                  <td>{formatTime(a.at)}</td>
                  <td>{a.status ?? 'no answer'}</td>
                  <td>{`${a.duration_ms} ms`}</td>
                  <td>{a.error ?? 'acknowledged'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </Card>
  );
}
