import { useState } from 'preact/hooks';
import type { Charge, OccupancyPricing, PaymentTerms } from '../api/types';
import { Card, Field, SaveFooter } from '../components/common';
import { useAction, useSession } from '../hooks';

/**
 * Party pricing and taxes on the rate calendar (docs/catalog.md "Party pricing", "Taxes and
 * fees"): lists are typed as `key:amount` pairs ("1:8000, 3:15000"; "5:0, 11:1500"), taxes and
 * fees as the API's JSON. The API validates everything and its field errors are shown as they are.
 */

/** `"1:8000, 3:15000"` → `[[1, 8000], [3, 15000]]`; blank → null. */
function pairs(text: string): Array<[number, number]> | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return trimmed.split(',').map((pair) => {
    const [key, amount] = pair.split(':').map((v) => Number(v.trim()));
    return [key, amount];
  });
}

const brackets = (text: string) => pairs(text)?.map(([max_age, amount]) => ({ max_age, amount })) ?? null;
const bracketText = (rates: Array<{ max_age: number; amount: number }> | null | undefined) => (rates ?? []).map((r) => `${r.max_age}:${r.amount}`).join(', ');
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

/** PUT /v1/admin/rate-plans/{id}/rates: a rate with its party prices over an inclusive range. */
export function SetRates({ ratePlanId, defaultFrom, onChanged }: { ratePlanId: string; defaultFrom: string; onChanged: () => void }) {
  const { api } = useSession();
  const [form, setForm] = useState({ from: defaultFrom, to: defaultFrom, amount: '', byAdults: '', extraAdult: '', childRates: '' });
  const [done, setDone] = useState<string | null>(null);
  const action = useAction();
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(null);
    const byAdults = pairs(form.byAdults);
    const body = {
      from: form.from,
      to: form.to,
      amount: optionalNumber(form.amount),
      ...(byAdults ? { by_adults: Object.fromEntries(byAdults.map(([adults, amount]) => [String(adults), amount])) } : {}),
      ...(form.extraAdult.trim() ? { extra_adult: Number(form.extraAdult) } : {}),
      ...(form.childRates.trim() ? { child_rates: brackets(form.childRates) } : {}),
    };
    const result = await action.run(() => api.call('setRates', { params: { id: ratePlanId }, body }));
    if (result) {
      setDone(`${result.data.nights.length} night(s) set.`);
      onChanged();
    }
  };
  return (
    <Card title="Set rates">
      <form class="stack" onSubmit={submit} data-testid="rates-form">
        <Field label="From (first night)">
          <input type="date" name="rates_from" value={form.from} onInput={set('from')} required />
        </Field>
        <Field label="To (last night)">
          <input type="date" name="rates_to" value={form.to} onInput={set('to')} required />
        </Field>
        <Field label="Amount (minor units; blank removes the per-date rates)">
          <input type="number" name="amount" min="0" step="1" value={form.amount} onInput={set('amount')} />
        </Field>
        <Field label="By adults (adults:amount, …)">
          <input name="by_adults" value={form.byAdults} onInput={set('byAdults')} placeholder="1:8000, 3:15000" />
        </Field>
        <Field label="Extra adult (blank: the plan's)">
          <input type="number" name="extra_adult" min="0" step="1" value={form.extraAdult} onInput={set('extraAdult')} />
        </Field>
        <Field label="Child rates (max age:amount, …; blank: the plan's)">
          <input name="child_rates" value={form.childRates} onInput={set('childRates')} placeholder="5:0, 11:1500" />
        </Field>
        <SaveFooter label="Save rates" busy={action.busy} done={done} error={action.error} />
      </form>
    </Card>
  );
}

/** PATCH /v1/admin/rate-plans/{id} `{occupancy_pricing}`: the plan's party pricing (blank fields take the defaults). */
export function OccupancyPricingForm({ ratePlanId, current, onChanged }: { ratePlanId: string; current: OccupancyPricing | null; onChanged: () => void }) {
  const { api } = useSession();
  const [form, setForm] = useState({
    baseAdults: current ? String(current.base_adults) : '',
    extraAdult: current ? String(current.extra_adult) : '',
    childRates: bracketText(current?.child_rates),
  });
  const action = useAction();
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    const occupancy_pricing = {
      ...(form.baseAdults.trim() ? { base_adults: Number(form.baseAdults) } : {}),
      ...(form.extraAdult.trim() ? { extra_adult: Number(form.extraAdult) } : {}),
      ...(form.childRates.trim() ? { child_rates: brackets(form.childRates) } : {}),
    };
    if (await action.run(() => api.call('updateRatePlan', { params: { id: ratePlanId }, body: { occupancy_pricing } }))) onChanged();
  };
  return (
    <Card title="Party pricing of the plan">
      <form class="stack" onSubmit={submit} data-testid="occupancy-form">
        <Field label="Adults in the rate">
          <input type="number" name="base_adults" min="1" step="1" value={form.baseAdults} onInput={set('baseAdults')} />
        </Field>
        <Field label="Each extra adult per night">
          <input type="number" name="plan_extra_adult" min="0" step="1" value={form.extraAdult} onInput={set('extraAdult')} />
        </Field>
        <Field label="Child rates (max age:amount, …; older children pay an extra adult)">
          <input name="plan_child_rates" value={form.childRates} onInput={set('childRates')} placeholder="5:0, 11:1500" />
        </Field>
        <SaveFooter label="Save party pricing" busy={action.busy} error={action.error} />
      </form>
    </Card>
  );
}

/** PATCH /v1/admin/rate-plans/{id} `{payment_terms}` (docs/payments.md "Payment terms"): prepay, a deposit, or pay at property. */
export function PaymentTermsForm({ ratePlanId, current, onChanged }: { ratePlanId: string; current: PaymentTerms | null; onChanged: () => void }) {
  const { api } = useSession();
  const [form, setForm] = useState({
    kind: current?.kind ?? 'prepay',
    depositPct: current?.deposit_pct !== undefined ? String(current.deposit_pct) : '',
    balanceDueDays: current?.balance_due_days !== undefined ? String(current.balance_due_days) : '',
  });
  const action = useAction();
  const set = (key: keyof typeof form) => (e: Event) => setForm({ ...form, [key]: (e.currentTarget as HTMLInputElement).value });
  const submit = async (e: Event) => {
    e.preventDefault();
    const kind = form.kind as 'prepay' | 'deposit' | 'pay_at_property';
    const payment_terms =
      kind === 'deposit'
        ? { kind, deposit_pct: optionalNumber(form.depositPct) ?? undefined, balance_due_days: optionalNumber(form.balanceDueDays) ?? undefined }
        : { kind };
    if (await action.run(() => api.call('updateRatePlan', { params: { id: ratePlanId }, body: { payment_terms } }))) onChanged();
  };
  return (
    <Card title="Payment terms of the plan">
      <form class="stack" onSubmit={submit} data-testid="payment-terms-form">
        <Field label="Kind">
          <select name="payment_terms_kind" value={form.kind} onChange={set('kind')}>
            <option value="prepay">Prepay: everything at booking</option>
            <option value="deposit">Deposit at booking, balance before check-in</option>
            <option value="pay_at_property">Pay at property: card kept as a guarantee</option>
          </select>
        </Field>
        {form.kind === 'deposit' && (
          <>
            <Field label="Deposit (% of what is paid online, 1–99)">
              <input type="number" name="deposit_pct" min="1" max="99" step="1" value={form.depositPct} onInput={set('depositPct')} />
            </Field>
            <Field label="Balance charged (days before check-in, 0–365)">
              <input type="number" name="balance_due_days" min="0" max="365" step="1" value={form.balanceDueDays} onInput={set('balanceDueDays')} />
            </Field>
          </>
        )}
        <SaveFooter label="Save payment terms" busy={action.busy} error={action.error} />
      </form>
    </Card>
  );
}

/** PATCH /v1/admin/properties/{id} `{taxes, fees}` as the API's JSON, with `included` and `payable`. */
export function TaxesForm({ propertyId, taxes, fees, onChanged }: { propertyId: string; taxes: Charge[]; fees: Charge[]; onChanged: () => void }) {
  const { api } = useSession();
  const [form, setForm] = useState({ taxes: JSON.stringify(taxes, null, 1), fees: JSON.stringify(fees, null, 1) });
  const [parseError, setParseError] = useState<string | null>(null);
  const action = useAction();
  const submit = async (e: Event) => {
    e.preventDefault();
    let body: { taxes: unknown; fees: unknown };
    try {
      body = { taxes: JSON.parse(form.taxes), fees: JSON.parse(form.fees) };
    } catch {
      setParseError('Taxes and fees must be JSON lists.');
      return;
    }
    setParseError(null);
    if (await action.run(() => api.call('updateProperty', { params: { id: propertyId }, body }))) onChanged();
  };
  return (
    <Card title="Taxes and fees">
      <form class="stack" onSubmit={submit} data-testid="taxes-form">
        <p class="muted">
          Each: {'{code, name, rate_bps}'} or {'{code, name, amount, per}'} (per: stay, night, person_night, person_stay); included: inside the rate; payable:
          online or at_property.
        </p>
        <Field label="Taxes">
          <textarea name="taxes" rows={4} value={form.taxes} onInput={(e) => setForm({ ...form, taxes: e.currentTarget.value })} />
        </Field>
        <Field label="Fees">
          <textarea name="fees" rows={3} value={form.fees} onInput={(e) => setForm({ ...form, fees: e.currentTarget.value })} />
        </Field>
        {parseError && <p class="error">{parseError}</p>}
        <SaveFooter label="Save taxes and fees" busy={action.busy} error={action.error} />
      </form>
    </Card>
  );
}
