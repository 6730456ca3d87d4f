import { useState } from 'preact/hooks';
import { ApiClient, fetchCapabilities } from '../api/client';
import { ErrorBox, Field } from '../components/common';
import type { ConsoleSession } from '../hooks';
import { session } from '../session';

/**
 * Sign-in by pasting a tenant admin API key. The key is checked with an admin-only read and the
 * API's routes are read from /openapi.json, so pages whose routes are missing stay hidden.
 */
export async function openSession(apiKey: string): Promise<ConsoleSession> {
  const api = new ApiClient(apiKey);
  await api.call('listAgents');
  return { api, capabilities: await fetchCapabilities() };
}

export function SignIn({ onSignedIn }: { onSignedIn: (s: ConsoleSession) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const opened = await openSession(key.trim());
      session.set(key.trim());
      setKey('');
      onSignedIn(opened);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="sign-in">
      <form class="card" onSubmit={submit} autocomplete="off">
        <h1>Hospitality Commerce console</h1>
        <p class="muted">Paste a tenant admin API key. It stays in this tab only (sessionStorage) and is sent as a bearer token.</p>
        <Field label="Admin API key">
          <input type="password" name="admin-key" value={key} onInput={(e) => setKey(e.currentTarget.value)} required autocomplete="off" spellcheck={false} />
        </Field>
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <ErrorBox error={error} />
      </form>
    </main>
  );
}
