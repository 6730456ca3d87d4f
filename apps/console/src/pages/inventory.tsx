import { useEffect, useState } from 'preact/hooks';
import type { InventoryNight, RateCalendar, StayRestrictionDate } from '../api/types';
import { Card, ErrorBox, Field, formatMoney, SaveFooter } from '../components/common';
import { EditRestrictions, RestrictionBadges } from '../components/stay-restrictions';
import { useAction, useLoad, useSession } from '../hooks';
import { OccupancyPricingForm, PaymentTermsForm, SetRates, TaxesForm } from './party-pricing';

const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (date: string, days: number) => iso(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY));

/** 0..1 of the allotment taken by holds and sales; above 1 is an oversold night. */
function load(n: InventoryNight): number {
  return n.allotment === 0 ? (n.held + n.sold > 0 ? 2 : 0) : (n.held + n.sold) / n.allotment;
}

function heat(n: InventoryNight): string {
  const l = load(n);
  if (l > 1) return 'oversold';
  if (l >= 1) return 'heat-full';
  if (l >= 0.75) return 'heat-4';
  if (l >= 0.5) return 'heat-3';
  if (l >= 0.25) return 'heat-2';
  if (l > 0) return 'heat-1';
  return 'heat-0';
}

/** Inventory per room type as a calendar heatmap (allotment, held, sold per night), rates beside it. */
export function InventoryPage() {
  const { api } = useSession();
  const properties = useLoad(() => api.call('listProperties', { query: { limit: 100 } }), []);
  const [propertyId, setPropertyId] = useState('');
  const [roomTypeId, setRoomTypeId] = useState('');
  const [ratePlanId, setRatePlanId] = useState('');
  const [from, setFrom] = useState(iso(new Date()));
  const [weeks, setWeeks] = useState(6);

  useEffect(() => {
    const first = properties.data?.data.items[0];
    if (first && !propertyId) setPropertyId(first.id);
  }, [properties.data]);
  const property = useLoad(
    () => (propertyId ? api.call('getProperty', { params: { id: propertyId } }).then((r) => r.data) : Promise.resolve(null)),
    [propertyId],
  );
  useEffect(() => {
    const rooms = property.data?.room_types ?? [];
    if (rooms.length > 0 && !rooms.some((r) => r.id === roomTypeId)) setRoomTypeId(rooms[0].id);
  }, [property.data]);
  const room = property.data?.room_types.find((r) => r.id === roomTypeId) ?? null;
  const plan = room?.rate_plans.find((p) => p.id === ratePlanId) ?? null;
  useEffect(() => {
    if (room && !room.rate_plans.some((p) => p.id === ratePlanId)) setRatePlanId(room.rate_plans[0]?.id ?? '');
  }, [room?.id]);

  const to = addDays(from, weeks * 7 - 1);
  const calendar = useLoad(
    () => (roomTypeId ? api.call('readInventory', { params: { id: roomTypeId }, query: { from, to } }).then((r) => r.data) : Promise.resolve(null)),
    [roomTypeId, from, to],
  );
  const rates = useLoad(
    () => (ratePlanId ? api.call('readRates', { params: { id: ratePlanId }, query: { from, to } }).then((r) => r.data) : Promise.resolve(null)),
    [ratePlanId, from, to],
  );
  const restrictions = useLoad(
    () => (ratePlanId ? api.call('readRestrictions', { params: { id: ratePlanId }, query: { from, to } }).then((r) => r.data.items) : Promise.resolve(null)),
    [ratePlanId, from, to],
  );

  return (
    <>
      <Card title="Inventory">
        <ErrorBox error={properties.error ?? property.error} />
        <div class="filters">
          <Field label="Property">
            <select name="property" value={propertyId} onChange={(e) => setPropertyId(e.currentTarget.value)}>
              {properties.data?.data.items.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.slug})
                </option>
              ))}
            </select>
          </Field>
          <Field label="Room type">
            <select name="room_type" value={roomTypeId} onChange={(e) => setRoomTypeId(e.currentTarget.value)}>
              {property.data?.room_types.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({r.code})
                </option>
              ))}
            </select>
          </Field>
          <Field label="Rates of">
            <select name="rate_plan" value={ratePlanId} onChange={(e) => setRatePlanId(e.currentTarget.value)}>
              {room?.rate_plans.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.code})
                </option>
              ))}
            </select>
          </Field>
          <Field label="From">
            <input type="date" name="from" value={from} onInput={(e) => e.currentTarget.value && setFrom(e.currentTarget.value)} />
          </Field>
          <Field label="Weeks">
            <select value={String(weeks)} onChange={(e) => setWeeks(Number(e.currentTarget.value))}>
              {[2, 4, 6, 8, 13].map((w) => (
                <option key={w} value={w}>
                  {w}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </Card>
      {roomTypeId && (
        <div class="columns wide-left">
          <Card title="Calendar">
            <ErrorBox error={calendar.error} />
            {calendar.data && <Heatmap nights={calendar.data.nights} rates={rates.data} restrictions={restrictions.data} />}
            <Legend />
          </Card>
          <div class="stack">
            <EditRange roomTypeId={roomTypeId} defaultFrom={from} onChanged={calendar.reload} />
            {ratePlanId && <EditRestrictions ratePlanId={ratePlanId} defaultFrom={from} onChanged={restrictions.reload} />}
          </div>
        </div>
      )}
      {ratePlanId && (
        <div class="columns">
          <SetRates key={ratePlanId} ratePlanId={ratePlanId} defaultFrom={from} onChanged={rates.reload} />
          <OccupancyPricingForm
            key={`${ratePlanId} ${JSON.stringify(plan?.occupancy_pricing ?? null)}`}
            ratePlanId={ratePlanId}
            current={plan?.occupancy_pricing ?? null}
            onChanged={property.reload}
          />
          <PaymentTermsForm
            key={`${ratePlanId} terms ${JSON.stringify(plan?.payment_terms ?? null)}`}
            ratePlanId={ratePlanId}
            current={plan?.payment_terms ?? null}
            onChanged={property.reload}
          />
        </div>
      )}
      {property.data && (
        <TaxesForm
          key={`${property.data.id} ${property.data.updated_at}`}
          propertyId={property.data.id}
          taxes={property.data.taxes}
          fees={property.data.fees}
          onChanged={property.reload}
        />
      )}
      <ErrorBox error={rates.error ?? restrictions.error} />
    </>
  );
}

function Heatmap({ nights, rates, restrictions }: { nights: InventoryNight[]; rates: RateCalendar | null; restrictions: StayRestrictionDate[] | null }) {
  const rateOf = new Map(rates?.nights.map((n) => [n.night, n]) ?? []);
  const restrictionsOf = new Map(restrictions?.map((r) => [r.date, r]) ?? []);
  // Calendar layout: Monday first; blanks before the first night.
  const lead = (new Date(`${nights[0]?.night ?? '2000-01-03'}T00:00:00Z`).getUTCDay() + 6) % 7;
  return (
    <div class="heatmap" data-testid="heatmap">
      {['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].map((d) => (
        <div key={d} class="hm-head">
          {d}
        </div>
      ))}
      {Array.from({ length: lead }, (_, i) => (
        <div key={`blank-${i}`} class="hm-blank" />
      ))}
      {nights.map((n) => {
        const rate = rateOf.get(n.night);
        const oversold = n.held + n.sold > n.allotment;
        return (
          <div
            key={n.night}
            class={`hm-cell ${heat(n)}${n.overridden ? ' overridden' : ''}`}
            data-night={n.night}
            data-allotment={n.allotment}
            data-oversold={oversold ? 'true' : 'false'}
            title={`${n.night}: allotment ${n.allotment}, held ${n.held}, sold ${n.sold}, available ${n.available}${oversold ? ' — OVERSOLD' : ''}`}
          >
            <div class="hm-date">
              {n.night.slice(5)}
              {oversold && <span class="hm-flag">⚠</span>}
            </div>
            <div class="hm-nums">
              <span title="allotment">{n.allotment}</span>/<span title="held">{n.held}</span>/<span title="sold">{n.sold}</span>
            </div>
            {rate && rates && (
              <div class={`hm-rate${rate.overridden ? ' overridden' : ''}`} title={partyTitle(rate)}>
                {formatMoney({ amount: rate.amount, currency: rates.currency })}
                {partyTitle(rate) && <span class="hm-party">👪</span>}
              </div>
            )}
            <RestrictionBadges item={restrictionsOf.get(n.night)} />
          </div>
        );
      })}
    </div>
  );
}

/** The night's own party prices, in words; empty when it follows the plan's. */
function partyTitle(rate: RateCalendar['nights'][number]): string {
  const parts: string[] = [];
  if (rate.by_adults)
    parts.push(
      `by adults ${Object.entries(rate.by_adults)
        .map(([adults, amount]) => `${adults}: ${amount}`)
        .join(', ')}`,
    );
  if (rate.extra_adult !== null) parts.push(`extra adult ${rate.extra_adult}`);
  if (rate.child_rates) parts.push(`children ${rate.child_rates.map((c) => `≤${c.max_age}: ${c.amount}`).join(', ')}`);
  return parts.join('; ');
}

function Legend() {
  return (
    <p class="legend muted">
      Each night: allotment/held/sold, the rate of the chosen plan and its stay restrictions (CTA/CTD: closed to arrival/departure). Colour: share taken by
      holds and sales. <span class="hm-cell heat-1 swatch" /> low <span class="hm-cell heat-4 swatch" /> high <span class="hm-cell heat-full swatch" /> full{' '}
      <span class="hm-cell oversold swatch" /> oversold ⚠. Bold border: set per date. 👪: the night sets its own party prices (hover for them).
    </p>
  );
}

/** PUT /v1/admin/room-types/{id}/inventory for an inclusive date range. */
function EditRange({ roomTypeId, defaultFrom, onChanged }: { roomTypeId: string; defaultFrom: string; onChanged: () => void }) {
  const { api } = useSession();
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(addDays(defaultFrom, 6));
  const [allotment, setAllotment] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(null);
    const result = await action.run(() => api.call('setInventory', { params: { id: roomTypeId }, body: { from, to, allotment: Number(allotment) } }));
    if (result) {
      setDone(`${result.data.nights.length} night(s) set to ${allotment}.`);
      onChanged();
    }
  };
  return (
    <Card title="Change a range">
      <form class="stack" onSubmit={submit} data-testid="inventory-form">
        <Field label="From (first night)">
          <input type="date" name="edit_from" value={from} onInput={(e) => setFrom(e.currentTarget.value)} required />
        </Field>
        <Field label="To (last night)">
          <input type="date" name="edit_to" value={to} onInput={(e) => setTo(e.currentTarget.value)} required />
        </Field>
        <Field label="Allotment">
          <input type="number" name="allotment" min="0" step="1" value={allotment} onInput={(e) => setAllotment(e.currentTarget.value)} required />
        </Field>
        <SaveFooter label="Save range" busy={action.busy} done={done} error={action.error} />
      </form>
    </Card>
  );
}
