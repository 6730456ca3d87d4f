import { useState } from 'preact/hooks';
import { Card, ErrorBox, Field, formatTime, StateBadge } from '../components/common';
import { useAction, useLoad, useSession } from '../hooks';

/** Delegation issuers the tenant trusts: register one (JWKS URL or inline keys), suspend, reactivate, revoke. */
export function IssuersPage() {
  const { api } = useSession();
  const issuers = useLoad(() => api.call('listIssuers'), []);
  const [form, setForm] = useState({ iss: '', name: '', jwks_url: '', jwks: '', audiences: '' });
  const [jsonError, setJsonError] = useState<string | null>(null);
  const action = useAction();
  const set = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.currentTarget as HTMLInputElement).value });

  const create = async (e: Event) => {
    e.preventDefault();
    setJsonError(null);
    const body: Record<string, unknown> = {
      iss: form.iss.trim(),
      name: form.name.trim(),
      allowed_audiences: form.audiences
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    };
    if (form.jwks.trim()) {
      try {
        body.jwks = JSON.parse(form.jwks);
      } catch {
        setJsonError('The inline JWK set is not valid JSON.');
        return;
      }
    } else body.jwks_url = form.jwks_url.trim();
    if (await action.run(() => api.call('createIssuer', { body }))) {
      setForm({ iss: '', name: '', jwks_url: '', jwks: '', audiences: '' });
      issuers.reload();
    }
  };
  const setStatus = async (id: string, status: 'active' | 'suspended' | 'revoked') => {
    if (status === 'revoked' && !confirm('Revoking is final: delegations of this issuer are refused for good. Revoke?')) return;
    if (await action.run(() => api.call('updateIssuer', { params: { id }, body: { status } }))) issuers.reload();
  };
  return (
    <>
      <Card title="Register a delegation issuer">
        <form class="filters" onSubmit={create}>
          <Field label="iss">
            <input value={form.iss} onInput={set('iss')} required placeholder="https://id.example.com" />
          </Field>
          <Field label="Name">
            <input value={form.name} onInput={set('name')} required maxLength={200} />
          </Field>
          <Field label="JWKS URL">
            <input value={form.jwks_url} onInput={set('jwks_url')} placeholder="https://id.example.com/.well-known/jwks.json" />
          </Field>
          <Field label="…or inline JWK set (JSON)">
            <textarea value={form.jwks} onInput={set('jwks')} rows={3} placeholder='{"keys":[...]}' />
          </Field>
          <Field label="Allowed audiences (comma-separated)">
            <input value={form.audiences} onInput={set('audiences')} required />
          </Field>
          <div class="row">
            <button type="submit" disabled={action.busy}>
              Register
            </button>
          </div>
        </form>
        {jsonError && <div class="error">{jsonError}</div>}
        <ErrorBox error={action.error} />
      </Card>
      <Card title="Delegation issuers">
        <ErrorBox error={issuers.error} />
        <div class="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Name</th>
                <th>iss</th>
                <th>Status</th>
                <th>Keys</th>
                <th>Audiences</th>
                <th>Created</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {issuers.data?.data.items.map((i) => (
                <tr key={i.id}>
                  <td>{i.name}</td>
                  <td>
                    <code>{i.iss}</code>
                  </td>
                  <td>
                    <StateBadge state={i.status} />
                  </td>
                  <td>{i.jwks_url ?? 'inline'}</td>
                  <td>{i.allowed_audiences.join(', ')}</td>
                  <td>{formatTime(i.created_at)}</td>
                  <td class="row">
                    {i.status === 'active' && (
                      <button type="button" class="secondary small" onClick={() => setStatus(i.id, 'suspended')}>
                        Suspend
                      </button>
                    )}
                    {i.status === 'suspended' && (
                      <button type="button" class="small" onClick={() => setStatus(i.id, 'active')}>
                        Reactivate
                      </button>
                    )}
                    {i.status !== 'revoked' && (
                      <button type="button" class="danger small" onClick={() => setStatus(i.id, 'revoked')}>
                        Revoke
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
