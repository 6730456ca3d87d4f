import { useState } from 'preact/hooks';
import { Card, ErrorBox, Field, formatMoney, formatTime, SecretOnce, StateBadge } from '../components/common';
import { useAction, useLoad, useSession } from '../hooks';
import { linkProps } from '../router';

const SCOPES = ['catalog:read', 'booking:write', 'booking:read'];

/** Agents of the tenant; create one with its first credential (the secret shown once). */
export function AgentsPage() {
  const { api } = useSession();
  const agents = useLoad(() => api.call('listAgents'), []);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(SCOPES);
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const create = async (e: Event) => {
    e.preventDefault();
    const issued = await action.run(() => api.call('createAgent', { body: { name: name.trim(), scopes } }));
    if (issued) {
      setSecret(issued.data.credential.secret);
      setName('');
      agents.reload();
    }
  };
  return (
    <>
      <Card title="New agent">
        {secret && <SecretOnce label="The agent's API key" secret={secret} onDone={() => setSecret(null)} />}
        <form class="inline-form" onSubmit={create} data-testid="agent-form">
          <Field label="Name">
            <input name="agent_name" value={name} maxLength={200} onInput={(e) => setName(e.currentTarget.value)} required />
          </Field>
          <fieldset class="scopes">
            <legend>Scopes</legend>
            {SCOPES.map((s) => (
              <label key={s} class="check">
                <input
                  type="checkbox"
                  checked={scopes.includes(s)}
                  onChange={(e) => setScopes(e.currentTarget.checked ? [...scopes, s] : scopes.filter((x) => x !== s))}
                />{' '}
                {s}
              </label>
            ))}
          </fieldset>
          <button type="submit" disabled={action.busy}>
            Create agent
          </button>
        </form>
        <ErrorBox error={action.error} />
      </Card>
      <Card title="Agents">
        <ErrorBox error={agents.error} />
        <div class="table-wrap">
          <table data-testid="agents-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>Status</th>
                <th>Scopes</th>
                <th>Booking limit</th>
                <th>Created</th>
              </tr>
            </thead>
            <tbody>
              {agents.data?.data.items.map((a) => (
                <tr key={a.id}>
                  <td>
                    <a {...linkProps(`/agents/${a.id}`)}>{a.name}</a>
                  </td>
                  <td>
                    <StateBadge state={a.status} />
                  </td>
                  <td>{a.scopes.join(', ')}</td>
                  <td>{a.booking_limit ? formatMoney(a.booking_limit) : 'none'}</td>
                  <td>{formatTime(a.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Card>
    </>
  );
}

/** One agent: suspend or reactivate it, rotate (issue another key) and revoke credentials. */
export function AgentDetailPage({ id }: { id: string }) {
  const { api } = useSession();
  const agent = useLoad(() => api.call('getAgent', { params: { id } }), [id]);
  const [secret, setSecret] = useState<string | null>(null);
  const action = useAction();
  const a = agent.data?.data;
  const rotate = async () => {
    const issued = await action.run(() => api.call('rotateCredential', { params: { id } }));
    if (issued) {
      setSecret(issued.data.credential.secret);
      agent.reload();
    }
  };
  const revoke = async (credentialId: string, prefix: string) => {
    if (!confirm(`Revoke credential ${prefix}…? Its API key and access tokens stop working at once.`)) return;
    if (await action.run(() => api.call('revokeCredential', { params: { id, credentialId } }))) agent.reload();
  };
  const setStatus = async (status: 'active' | 'disabled') => {
    if (await action.run(() => api.call('updateAgent', { params: { id }, body: { status } }))) agent.reload();
  };
  return (
    <>
      <p>
        <a {...linkProps('/agents')}>← Agents</a>
      </p>
      <ErrorBox error={agent.error} />
      {a && (
        <Card
          title={a.name}
          actions={
            <>
              <StateBadge state={a.status} />
              {a.status === 'active' ? (
                <button type="button" class="danger" onClick={() => setStatus('disabled')} disabled={action.busy}>
                  Suspend agent
                </button>
              ) : (
                <button type="button" onClick={() => setStatus('active')} disabled={action.busy}>
                  Reactivate agent
                </button>
              )}
            </>
          }
        >
          <dl class="facts">
            <dt>Agent id (OAuth client_id)</dt>
            <dd>
              <code>{a.id}</code>
            </dd>
            <dt>Scopes</dt>
            <dd>{a.scopes.join(', ')}</dd>
            <dt>Booking limit</dt>
            <dd>{a.booking_limit ? formatMoney(a.booking_limit) : 'none'}</dd>
          </dl>
          {secret && <SecretOnce label="The new API key" secret={secret} onDone={() => setSecret(null)} />}
          <header class="card-head">
            <h3>Credentials</h3>
            <button type="button" onClick={rotate} disabled={action.busy} data-testid="rotate-credential">
              Issue new credential
            </button>
          </header>
          <div class="table-wrap">
            <table data-testid="credentials-table">
              <thead>
                <tr>
                  <th>Prefix</th>
                  <th>Created</th>
                  <th>Last used</th>
                  <th>Revoked</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {a.credentials.map((c) => (
                  <tr key={c.id} data-credential={c.id} data-revoked={c.revoked_at ? 'true' : 'false'}>
                    <td>
                      <code>{c.prefix}…</code>
                    </td>
                    <td>{formatTime(c.created_at)}</td>
                    <td>{formatTime(c.last_used_at)}</td>
                    <td>{c.revoked_at ? formatTime(c.revoked_at) : '—'}</td>
                    <td>
                      {!c.revoked_at && (
                        <button type="button" class="danger small" onClick={() => revoke(c.id, c.prefix)} disabled={action.busy}>
                          Revoke
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ErrorBox error={action.error} />
        </Card>
      )}
    </>
  );
}
