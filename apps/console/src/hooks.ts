import { createContext } from 'preact';
import { useCallback, useContext, useEffect, useState } from 'preact/hooks';
import type { ApiClient, Capabilities } from './api/client';

export interface ConsoleSession {
  api: ApiClient;
  capabilities: Capabilities;
}

export const SessionContext = createContext<ConsoleSession | null>(null);

export function useSession(): ConsoleSession {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside a signed-in console');
  return value;
}

/** Loads on mount and whenever `deps` change; `reload` runs it again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const run = useCallback(() => {
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => setState({ data, error: null, loading: false }),
      (error: unknown) => setState({ data: null, error, loading: false }),
    );
  }, deps);
  useEffect(run, [run]);
  return { ...state, reload: run };
}

/** Runs an action, keeping its error for display and a busy flag for the button. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = async <T>(action: () => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    try {
      return await action();
    } catch (e) {
      setError(e);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run, clear: () => setError(null) };
}

/** Cursor paging: the cursors of the pages walked through, so Previous works too. */
export function useCursor(resetKey: string) {
  const [stack, setStack] = useState<Array<string | undefined>>([undefined]);
  useEffect(() => setStack([undefined]), [resetKey]);
  return {
    cursor: stack[stack.length - 1],
    hasPrevious: stack.length > 1,
    next: (cursor: string) => setStack((s) => [...s, cursor]),
    previous: () => setStack((s) => (s.length > 1 ? s.slice(0, -1) : s)),
  };
}
