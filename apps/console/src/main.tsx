import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { OperationName } from './api/operations';
import { AgentDetailPage, AgentsPage } from './pages/agents';
import { BookingPage } from './pages/booking';
import { BookingsPage } from './pages/bookings';
import { ChannelsPage } from './pages/channels';
import { IncidentsPage } from './pages/incidents';
import { InventoryPage } from './pages/inventory';
import { IssuersPage } from './pages/issuers';
import { openSession, SignIn } from './pages/sign-in';
import { WebhookDeliveriesPage, WebhooksPage } from './pages/webhooks';
import { linkProps, navigate, usePath } from './router';
import { session } from './session';
import { SessionContext, type ConsoleSession } from './hooks';
import './styles.css';

interface NavItem {
  path: string;
  label: string;
  /** Shown only when the API has this route (read from /openapi.json at sign-in). */
  needs?: OperationName;
}

const NAV: NavItem[] = [
  { path: '/bookings', label: 'Bookings' },
  { path: '/inventory', label: 'Inventory' },
  { path: '/webhooks', label: 'Webhooks', needs: 'listWebhooks' },
  { path: '/channels', label: 'Channels', needs: 'listChannelConnections' },
  { path: '/incidents', label: 'Oversell incidents', needs: 'listIncidents' },
  { path: '/agents', label: 'Agents' },
  { path: '/issuers', label: 'Delegation issuers' },
];

function Page({ path }: { path: string }) {
  let m: RegExpMatchArray | null;
  if ((m = path.match(/^\/bookings\/([^/]+)$/))) return <BookingPage id={decodeURIComponent(m[1])} />;
  if (path === '/bookings' || path === '/') return <BookingsPage />;
  if (path === '/inventory') return <InventoryPage />;
  if ((m = path.match(/^\/agents\/([^/]+)$/))) return <AgentDetailPage id={decodeURIComponent(m[1])} />;
  if (path === '/agents') return <AgentsPage />;
  if (path === '/issuers') return <IssuersPage />;
  if ((m = path.match(/^\/webhooks\/([^/]+)$/))) return <WebhookDeliveriesPage id={decodeURIComponent(m[1])} />;
  if (path === '/webhooks') return <WebhooksPage />;
  if (path === '/channels') return <ChannelsPage />;
  if (path === '/incidents') return <IncidentsPage />;
  return (
    <p>
      No such page. <a {...linkProps('/bookings')}>Bookings</a>
    </p>
  );
}

function App() {
  const path = usePath();
  const [current, setCurrent] = useState<ConsoleSession | null>(null);
  const [restoring, setRestoring] = useState(session.get() !== null);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    const key = session.get();
    if (!key) return;
    openSession(key).then(
      (s) => {
        setCurrent(s);
        setRestoring(false);
      },
      () => {
        session.clear();
        setRestoring(false);
      },
    );
  }, []);
  useEffect(() => setMenuOpen(false), [path]);

  if (restoring) return <p class="muted pad">Restoring session…</p>;
  if (!current) return <SignIn onSignedIn={setCurrent} />;
  const visible = NAV.filter((n) => !n.needs || current.capabilities.has(n.needs));
  const signOut = () => {
    session.clear();
    setCurrent(null);
    navigate('/');
  };
  return (
    <SessionContext.Provider value={current}>
      <div class="shell">
        <header class="topbar">
          <button type="button" class="menu-toggle secondary" aria-expanded={menuOpen} onClick={() => setMenuOpen(!menuOpen)}>
            ☰
          </button>
          <strong class="brand">HCS console</strong>
          <nav class={menuOpen ? 'nav open' : 'nav'} aria-label="Sections">
            {visible.map((n) => (
              <a key={n.path} {...linkProps(n.path)} class={path.startsWith(n.path) || (path === '/' && n.path === '/bookings') ? 'active' : ''}>
                {n.label}
              </a>
            ))}
          </nav>
          <button type="button" class="secondary sign-out" onClick={signOut}>
            Sign out
          </button>
        </header>
        <main class="content">
          <Page path={path} />
        </main>
      </div>
    </SessionContext.Provider>
  );
}

render(<App />, document.getElementById('app') as HTMLElement);
