import { useState } from 'preact/hooks';
import { Card, ErrorBox, Field, formatMoney, formatTime, Pager, StateBadge } from '../components/common';
import { useCursor, useLoad, useSession } from '../hooks';
import { linkProps, navigate } from '../router';

interface Filters {
  booking_id: string;
  agent_id: string;
  traveler_sub: string;
  state: string;
  stay_from: string;
  stay_to: string;
}

const EMPTY: Filters = { booking_id: '', agent_id: '', traveler_sub: '', state: '', stay_from: '', stay_to: '' };

/** Find bookings by id, agent, traveler, state or stay dates (GET /v1/admin/bookings). */
export function BookingsPage() {
  const { api } = useSession();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const key = JSON.stringify(filters);
  const paging = useCursor(key);
  const page = useLoad(() => api.call('listBookings', { query: { ...filters, limit: 20, cursor: paging.cursor } }), [key, paging.cursor]);

  const set = (name: keyof Filters) => (e: Event) => setDraft({ ...draft, [name]: (e.currentTarget as HTMLInputElement).value });
  const search = (e: Event) => {
    e.preventDefault();
    const trimmed = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as unknown as Filters;
    // An exact booking id opens the booking straight away.
    if (trimmed.booking_id && Object.entries(trimmed).every(([k, v]) => k === 'booking_id' || v === '')) return navigate(`/bookings/${trimmed.booking_id}`);
    setFilters(trimmed);
  };

  return (
    <>
      <Card title="Find bookings">
        <form class="filters" onSubmit={search} data-testid="booking-filters">
          <Field label="Booking id">
            <input name="booking_id" value={draft.booking_id} onInput={set('booking_id')} placeholder="uuid" />
          </Field>
          <Field label="Agent id">
            <input name="agent_id" value={draft.agent_id} onInput={set('agent_id')} placeholder="uuid" />
          </Field>
          <Field label="Traveler (sub)">
            <input name="traveler_sub" value={draft.traveler_sub} onInput={set('traveler_sub')} />
          </Field>
          <Field label="State">
            <select name="state" value={draft.state} onChange={set('state')}>
              <option value="">any</option>
              <option value="confirmed">confirmed</option>
              <option value="cancelled">cancelled</option>
            </select>
          </Field>
          <Field label="Stay from">
            <input type="date" name="stay_from" value={draft.stay_from} onInput={set('stay_from')} />
          </Field>
          <Field label="Stay to">
            <input type="date" name="stay_to" value={draft.stay_to} onInput={set('stay_to')} />
          </Field>
          <div class="row">
            <button type="submit">Search</button>
            <button
              type="button"
              class="secondary"
              onClick={() => {
                setDraft(EMPTY);
                setFilters(EMPTY);
              }}
            >
              Clear
            </button>
          </div>
        </form>
      </Card>
      <Card title="Bookings">
        <ErrorBox error={page.error} />
        {page.loading && <p class="muted">Loading…</p>}
        {page.data && page.data.data.items.length === 0 && <p class="muted">No booking matches.</p>}
        {page.data && page.data.data.items.length > 0 && (
          <div class="table-wrap">
            <table data-testid="bookings-table">
              <thead>
                <tr>
                  <th>Booking</th>
                  <th>State</th>
                  <th>Guest</th>
                  <th>Stay</th>
                  <th>Total</th>
                  <th>Traveler</th>
                  <th>Created</th>
                </tr>
              </thead>
              <tbody>
                {page.data.data.items.map((b) => (
                  <tr key={b.booking_id}>
                    <td>
                      <a {...linkProps(`/bookings/${b.booking_id}`)} data-testid="booking-link">
                        <code>{b.booking_id.slice(0, 8)}</code>
                      </a>
                    </td>
                    <td>
                      <StateBadge state={b.state} />
                    </td>
                    <td>{b.guest_name}</td>
                    <td>
                      {b.stay.check_in} → {b.stay.check_out}
                    </td>
                    <td>{formatMoney(b.total)}</td>
                    <td>{b.traveler.sub}</td>
                    <td>{formatTime(b.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          hasPrevious={paging.hasPrevious}
          nextCursor={page.data?.data.next_cursor ?? null}
          onPrevious={paging.previous}
          onNext={() => page.data?.data.next_cursor && paging.next(page.data.data.next_cursor)}
        />
      </Card>
    </>
  );
}
