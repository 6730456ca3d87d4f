import { useState } from 'preact/hooks';
import type { StayRestrictionDate } from '../api/types';
import { useAction, useSession } from '../hooks';
import { Card, Field, SaveFooter } from './common';

type RestrictionField = Exclude<keyof StayRestrictionDate, 'date'>;

/** The nine fields, each with the short label a calendar cell shows and whether it is a yes/no rule. */
const FIELDS: Array<{ field: RestrictionField; label: string; short: string; boolean?: true }> = [
  { field: 'min_stay_arrival', label: 'Min stay (arrival)', short: 'min' },
  { field: 'max_stay_arrival', label: 'Max stay (arrival)', short: 'max' },
  { field: 'min_stay_through', label: 'Min stay (through)', short: 'min↔' },
  { field: 'max_stay_through', label: 'Max stay (through)', short: 'max↔' },
  { field: 'closed_to_arrival', label: 'Closed to arrival', short: 'CTA', boolean: true },
  { field: 'closed_to_departure', label: 'Closed to departure', short: 'CTD', boolean: true },
  { field: 'stop_sell', label: 'Stop sell', short: 'stop', boolean: true },
  { field: 'min_advance_days', label: 'Min advance (days)', short: 'adv≥' },
  { field: 'max_advance_days', label: 'Max advance (days)', short: 'adv≤' },
];
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** The restrictions of one date in a calendar cell: `min 2 · CTA`, nothing when none. */
export function RestrictionBadges({ item }: { item: StayRestrictionDate | undefined }) {
  if (!item) return null;
  const set = FIELDS.filter(({ field }) => item[field] !== null).map(({ field, short, boolean }) => (boolean ? short : `${short} ${item[field]}`));
  if (set.length === 0) return null;
  return (
    <div class={`hm-restrictions${item.stop_sell ? ' stop' : ''}`} data-restrictions={set.join(' · ')}>
      {set.join(' · ')}
    </div>
  );
}

/**
 * PUT /v1/admin/rate-plans/{id}/restrictions: a range, optional days of the week, and each field
 * left unchanged (empty), set, or cleared ("none", or "clear" for the yes/no rules).
 */
export function EditRestrictions({ ratePlanId, defaultFrom, onChanged }: { ratePlanId: string; defaultFrom: string; onChanged: () => void }) {
  const { api } = useSession();
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(defaultFrom);
  const [days, setDays] = useState<string[]>([]);
  const [values, setValues] = useState<Partial<Record<RestrictionField, string>>>({});
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(null);
    const body: Record<string, unknown> = { from, to };
    if (days.length > 0) body.days_of_week = days;
    for (const { field, boolean } of FIELDS) {
      const value = values[field]?.trim() ?? '';
      if (value === '') continue;
      body[field] = value === 'none' || value === 'clear' ? null : boolean ? true : Number(value);
    }
    const result = await action.run(() => api.call('setRestrictions', { params: { id: ratePlanId }, body }));
    if (result) {
      setDone(`${result.data.items.length} date(s) updated.`);
      onChanged();
    }
  };
  return (
    <Card title="Stay restrictions">
      <form class="stack" onSubmit={submit} data-testid="restrictions-form">
        <Field label="From">
          <input type="date" name="restrictions_from" value={from} onInput={(e) => setFrom(e.currentTarget.value)} required />
        </Field>
        <Field label="To">
          <input type="date" name="restrictions_to" value={to} onInput={(e) => setTo(e.currentTarget.value)} required />
        </Field>
        <div class="row">
          {WEEKDAYS.map((d) => (
            <label key={d}>
              <input
                type="checkbox"
                name={`dow_${d}`}
                checked={days.includes(d)}
                onChange={(e) => setDays(e.currentTarget.checked ? [...days, d] : days.filter((x) => x !== d))}
              />{' '}
              {d}
            </label>
          ))}
        </div>
        {FIELDS.map(({ field, label, boolean }) => (
          <Field key={field} label={label}>
            {boolean ? (
              <select name={field} value={values[field] ?? ''} onChange={(e) => setValues({ ...values, [field]: e.currentTarget.value })}>
                <option value="">unchanged</option>
                <option value="true">set</option>
                <option value="clear">clear</option>
              </select>
            ) : (
              <input
                name={field}
                placeholder="unchanged; none clears"
                value={values[field] ?? ''}
                onInput={(e) => setValues({ ...values, [field]: e.currentTarget.value })}
              />
            )}
          </Field>
        ))}
        <SaveFooter label="Save restrictions" busy={action.busy} done={done} error={action.error} />
      </form>
    </Card>
  );
}
