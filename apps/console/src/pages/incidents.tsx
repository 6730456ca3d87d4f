import { useState } from 'preact/hooks';
import type { OversellIncident } from '../api/types';
import { Card, ErrorBox, Field, formatTime, Pager, StateBadge } from '../components/common';
import { useAction, useCursor, useLoad, useSession } from '../hooks';
import { linkProps } from '../router';

const bookingIds = (i: OversellIncident): string[] => i.booking_ids;

/** Oversold nights, open and resolved; resolve one with a note. Shown when the API has the routes. */
export function IncidentsPage() {
  const { api } = useSession();
  const [state, setState] = useState<'open' | 'resolved'>('open');
  const paging = useCursor(state);
  const incidents = useLoad(() => api.call('listIncidents', { query: { state, limit: 20, cursor: paging.cursor } }), [state, paging.cursor]);
  return (
    <Card
      title="Oversell incidents"
      actions={
        <select value={state} onChange={(e) => setState(e.currentTarget.value as 'open' | 'resolved')} aria-label="State">
          <option value="open">open</option>
          <option value="resolved">resolved</option>
        </select>
      }
    >
      <ErrorBox error={incidents.error} />
      {incidents.data?.data.items.length === 0 && <p class="muted">No {state} incident.</p>}
      {incidents.data?.data.items.map((i) => (
        <Incident key={i.oversell_incident_id} incident={i} onResolved={incidents.reload} />
      ))}
      <Pager
        hasPrevious={paging.hasPrevious}
        nextCursor={incidents.data?.data.next_cursor ?? null}
        onPrevious={paging.previous}
        onNext={() => incidents.data?.data.next_cursor && paging.next(incidents.data.data.next_cursor)}
      />
    </Card>
  );
}

function Incident({ incident: i, onResolved }: { incident: OversellIncident; onResolved: () => void }) {
  const { api } = useSession();
  const [note, setNote] = useState('');
  const action = useAction();
  const resolve = async (e: Event) => {
    e.preventDefault();
    if (await action.run(() => api.call('resolveIncident', { params: { id: i.oversell_incident_id }, body: { note } }))) onResolved();
  };
  return (
    <div class="delivery">
      <div class="row spread">
        <span>
          <StateBadge state={i.state} /> night <strong>{i.date}</strong> · room type <code>{i.room_type_id.slice(0, 8)}</code>
        </span>
        <span class="muted">opened {formatTime(i.opened_at)}</span>
      </div>
      <p>
        allotment {i.allotment}, sold {i.sold}, held {i.held}
        {bookingIds(i).length > 0 && (
          <>
            {' '}
            · bookings:{' '}
            {bookingIds(i).map((b) => (
              <a key={b} {...linkProps(`/bookings/${b}`)}>
                <code>{b.slice(0, 8)}</code>{' '}
              </a>
            ))}
          </>
        )}
      </p>
      {i.resolution_note && <p>Note: {i.resolution_note}</p>}
      {i.state === 'open' && (
        <form class="inline-form" onSubmit={resolve}>
          <Field label="Resolution note">
            <input value={note} onInput={(e) => setNote(e.currentTarget.value)} required maxLength={2000} />
          </Field>
          <button type="submit" disabled={action.busy}>
            Resolve
          </button>
        </form>
      )}
      <ErrorBox error={action.error} />
    </div>
  );
}
