import { useState } from 'preact/hooks';
import type { AuditItem, Booking, CancellationPreview, Money, Refund } from '../api/types';
import { Card, ErrorBox, Field, formatMoney, formatTime, StateBadge } from '../components/common';
import { useAction, useLoad, useSession } from '../hooks';
import { linkProps } from '../router';

const minorDigits = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** A booking with everything an admin needs to answer a traveler: state, money, terms, history. */
export function BookingPage({ id }: { id: string }) {
  const { api } = useSession();
  const view = useLoad(async () => {
    const [booking, audit] = await Promise.all([api.call('getBooking', { params: { id } }), api.call('getBookingAudit', { params: { id } })]);
    const refundIds = audit.data.items.filter((i) => i.type === 'refund.issued' && typeof i.data.refund_id === 'string').map((i) => i.data.refund_id as string);
    const refunds = await Promise.all(refundIds.map((refundId) => api.call('getRefund', { params: { id: refundId } }).then((r) => r.data)));
    return { booking: booking.data, audit: audit.data.items, refunds };
  }, [id]);

  if (view.error) return <ErrorBox error={view.error} />;
  if (!view.data) return <p class="muted">Loading…</p>;
  const { booking, audit, refunds } = view.data;
  return (
    <>
      <p>
        <a {...linkProps('/bookings')}>← Bookings</a>
      </p>
      <Card title={`Booking ${booking.booking_id}`} actions={<StateBadge state={booking.state} />}>
        <dl class="facts" data-testid="booking-facts">
          <dt>State</dt>
          <dd data-testid="booking-state">{booking.state}</dd>
          <dt>Stay</dt>
          <dd>
            {booking.stay.check_in} → {booking.stay.check_out} ({booking.policy_snapshot.timezone})
          </dd>
          <dt>Guest</dt>
          <dd>
            {booking.guest.primary.full_name} · {booking.guest.primary.email} · {booking.guest.primary.phone}
          </dd>
          <dt>Guests</dt>
          <dd>
            {booking.guests.adults} adult(s){booking.guests.children?.length ? `, ${booking.guests.children.length} child(ren)` : ''}
          </dd>
          <dt>Traveler</dt>
          <dd>
            {booking.traveler.sub} <span class="muted">({booking.traveler.iss})</span>
          </dd>
          <dt>Agent</dt>
          <dd>
            <a {...linkProps(`/agents/${booking.agent_id}`)}>
              <code>{booking.agent_id}</code>
            </a>
          </dd>
          <dt>Booked</dt>
          <dd>{formatTime(booking.created_at)}</dd>
        </dl>
      </Card>
      {booking.rooms && <RoomsCard booking={booking} />}
      <div class="columns">
        <PriceCard booking={booking} />
        <PolicyCard booking={booking} />
      </div>
      <PaymentCard booking={booking} refunds={refunds} onChanged={view.reload} />
      {booking.state === 'confirmed' && <CancelCard booking={booking} onCancelled={view.reload} />}
      <Timeline items={audit} />
    </>
  );
}

/** The rooms of a booking made with rooms (docs/booking-chain.md "Several rooms"): party, guest name, state and price. */
function RoomsCard({ booking }: { booking: Booking }) {
  const priced = booking.price_breakdown.rooms ?? [];
  return (
    <Card title={`Rooms (${booking.rooms?.length ?? 0})`}>
      <table class="compact" data-testid="booking-rooms">
        <thead>
          <tr>
            <th>Room</th>
            <th>Party</th>
            <th>Guest</th>
            <th>State</th>
            <th class="num">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {(booking.rooms ?? []).map((r) => {
            const price = priced.find((p) => p.room === r.room);
            return (
              <tr key={r.room} data-testid={`booking-room-${r.room}`}>
                <td>{r.room}</td>
                <td>
                  {r.guests.adults} adult(s){r.guests.children?.length ? `, ${r.guests.children.length} child(ren)` : ''}
                </td>
                <td>{r.full_name ?? <span class="muted">—</span>}</td>
                <td>
                  <StateBadge state={r.state} />
                </td>
                <td class="num">{price ? formatMoney(price.subtotal) : ''}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}

function PriceCard({ booking }: { booking: Booking }) {
  const p = booking.price_breakdown;
  return (
    <Card title="Price breakdown">
      <table class="compact" data-testid="price-breakdown">
        <tbody>
          {p.nights.map((n) => (
            <tr key={n.date}>
              <td>Night of {n.date}</td>
              <td class="num">{formatMoney(n.amount)}</td>
            </tr>
          ))}
          <tr class="sum">
            <td>Subtotal</td>
            <td class="num">{formatMoney(p.subtotal)}</td>
          </tr>
          {p.taxes.map((t) => (
            <tr key={`tax-${t.code}`}>
              <td>{t.name}</td>
              <td class="num">{formatMoney(t.amount)}</td>
            </tr>
          ))}
          {p.fees.map((f) => (
            <tr key={`fee-${f.code}`}>
              <td>{f.name}</td>
              <td class="num">{formatMoney(f.amount)}</td>
            </tr>
          ))}
          <tr class="sum">
            <td>Total</td>
            <td class="num" data-testid="booking-total">
              {formatMoney(p.total)}
            </td>
          </tr>
        </tbody>
      </table>
    </Card>
  );
}

function PolicyCard({ booking }: { booking: Booking }) {
  const s = booking.policy_snapshot;
  return (
    <Card title={`Policy snapshot (version ${s.version})`}>
      <dl class="facts" data-testid="policy-snapshot">
        <dt>Kind</dt>
        <dd>{s.cancellation_kind}</dd>
        <dt>Free until</dt>
        <dd>{s.free_cancellation_until ? formatTime(s.free_cancellation_until) : 'never (non-refundable)'}</dd>
        <dt>Fee after cutoff</dt>
        <dd>{s.cancellation_fee_pct_after_cutoff} %</dd>
        <dt>Check-in</dt>
        <dd>{formatTime(s.check_in_at)}</dd>
        {s.child_policy_text && (
          <>
            <dt>Children</dt>
            <dd>{s.child_policy_text}</dd>
          </>
        )}
      </dl>
      {s.cancellation_timeline && s.cancellation_timeline.length > 0 && (
        <table class="compact">
          <thead>
            <tr>
              <th>Cancel until</th>
              <th class="num">Fee</th>
            </tr>
          </thead>
          <tbody>
            {s.cancellation_timeline.map((step, i) => (
              <tr key={i}>
                <td>{step.until ? formatTime(step.until) : 'after that'}</td>
                <td class="num">{formatMoney(step.fee)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

function PaymentCard({ booking, refunds, onChanged }: { booking: Booking; refunds: Refund[]; onChanged: () => void }) {
  const { api, capabilities } = useSession();
  const payment = booking.payment;
  const action = useAction();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const remaining: Money | null = payment ? { amount: payment.amount.amount - payment.refunded.amount, currency: payment.amount.currency } : null;
  const refundable =
    capabilities.has('issueRefund') && payment && remaining && remaining.amount > 0 && ['captured', 'partially_refunded'].includes(payment.state);
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!remaining) return;
    const minor = Math.round(Number(amount) * 10 ** minorDigits(remaining.currency));
    const done = await action.run(() =>
      api.call('issueRefund', { params: { id: booking.booking_id }, body: reason ? { amount: minor, reason } : { amount: minor } }),
    );
    if (done) {
      setAmount('');
      setReason('');
      onChanged();
    }
  };
  return (
    <Card title="Payment and refunds">
      {!payment && <p class="muted">No captured payment.</p>}
      {payment && (
        <dl class="facts" data-testid="payment">
          <dt>State</dt>
          <dd>
            <StateBadge state={payment.state} />
          </dd>
          <dt>Captured</dt>
          <dd>
            {formatMoney(payment.amount)} at {formatTime(payment.captured_at)}
          </dd>
          <dt>Refunded</dt>
          <dd>{formatMoney(payment.refunded)}</dd>
          <dt>Remains refundable</dt>
          <dd data-testid="refund-remaining">{formatMoney(remaining)}</dd>
          {booking.policy_snapshot.payment_terms && (
            <>
              <dt>Terms</dt>
              <dd>{booking.policy_snapshot.payment_terms.kind.replace(/_/g, ' ')}</dd>
            </>
          )}
        </dl>
      )}
      {payment && payment.schedule.length > 0 && (
        <table class="compact" data-testid="payment-schedule">
          <thead>
            <tr>
              <th>Charge</th>
              <th>Due</th>
              <th>State</th>
              <th class="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {payment.schedule.map((entry) => (
              <tr key={`${entry.kind} ${entry.due_at}`}>
                <td>{entry.kind.replace(/_/g, ' ')}</td>
                <td>{formatTime(entry.due_at)}</td>
                <td>
                  <StateBadge state={entry.state} />
                </td>
                <td class="num">{formatMoney(entry.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refunds.length > 0 && (
        <table class="compact" data-testid="refunds">
          <thead>
            <tr>
              <th>Refund</th>
              <th>State</th>
              <th>Reason</th>
              <th>At</th>
              <th class="num">Amount</th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((r) => (
              <tr key={r.refund_id}>
                <td>
                  <code>{r.refund_id.slice(0, 8)}</code>
                </td>
                <td>{r.state}</td>
                <td>{r.reason ?? '—'}</td>
                <td>{formatTime(r.created_at)}</td>
                <td class="num">{formatMoney(r.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {refundable && remaining && (
        <form class="inline-form" onSubmit={submit} data-testid="refund-form">
          <Field label={`Refund amount (${remaining.currency}, at most ${formatMoney(remaining)})`}>
            <input
              type="number"
              step="0.01"
              min="0.01"
              max={remaining.amount / 10 ** minorDigits(remaining.currency)}
              value={amount}
              onInput={(e) => setAmount(e.currentTarget.value)}
              required
            />
          </Field>
          <Field label="Reason (optional)">
            <input value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
          </Field>
          <button type="submit" disabled={action.busy}>
            Issue refund
          </button>
        </form>
      )}
      <ErrorBox error={action.error} />
    </Card>
  );
}

/** Cancel: the preview first (what the traveler pays and gets back), then an explicit confirm. */
function CancelCard({ booking, onCancelled }: { booking: Booking; onCancelled: () => void }) {
  const { api, capabilities } = useSession();
  const [step, setStep] = useState<'idle' | 'preview'>('idle');
  const [preview, setPreview] = useState<CancellationPreview | null>(null);
  const [previewError, setPreviewError] = useState<unknown>(null);
  const [reason, setReason] = useState('');
  const action = useAction();

  const open = async () => {
    setStep('preview');
    setPreview(null);
    setPreviewError(null);
    if (!capabilities.has('cancellationPreview')) return;
    try {
      setPreview((await api.call('cancellationPreview', { params: { id: booking.booking_id } })).data);
    } catch (e) {
      setPreviewError(e);
    }
  };
  const confirm = async () => {
    const done = await action.run(() => api.call('cancelBooking', { params: { id: booking.booking_id }, body: reason ? { reason } : {} }));
    if (done) onCancelled();
  };
  const s = booking.policy_snapshot;
  return (
    <Card title="Cancel">
      {step === 'idle' && (
        <button type="button" class="danger" onClick={open} data-testid="cancel-start">
          Cancel booking…
        </button>
      )}
      {step === 'preview' && (
        <div class="confirm" data-testid="cancel-preview">
          {preview && (
            <p>
              Fee <strong data-testid="preview-fee">{formatMoney(preview.fee)}</strong>, refund{' '}
              <strong data-testid="preview-refund">{formatMoney(preview.refund)}</strong> (policy version {preview.policy_version}
              {preview.free_until ? `, free until ${formatTime(preview.free_until)}` : ''}).
            </p>
          )}
          {!preview && (
            <p>
              Terms frozen at quote time:{' '}
              {s.cancellation_kind === 'non_refundable'
                ? 'non-refundable'
                : `free until ${formatTime(s.free_cancellation_until)}, then ${s.cancellation_fee_pct_after_cutoff} %`}{' '}
              of {formatMoney(booking.price_breakdown.total)}. The API computes the fee when you confirm.
            </p>
          )}
          <ErrorBox error={previewError} />
          <Field label="Reason (optional)">
            <input value={reason} maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
          </Field>
          <div class="row">
            <button type="button" class="danger" onClick={confirm} disabled={action.busy} data-testid="cancel-confirm">
              Confirm cancellation
            </button>
            <button type="button" class="secondary" onClick={() => setStep('idle')}>
              Keep booking
            </button>
          </div>
          <ErrorBox error={action.error} />
        </div>
      )}
    </Card>
  );
}

function summary(item: AuditItem): string {
  const d = item.data;
  const money = (v: unknown) => (v && typeof v === 'object' && 'amount' in v ? formatMoney(v as Money) : null);
  const parts = [
    typeof d.room === 'number' && `room ${d.room}`,
    Array.isArray(d.rooms) && d.rooms.length > 0 && typeof d.room !== 'number' && `rooms ${d.rooms.join(', ')}`,
    typeof d.units === 'number' && `${d.units} room(s)`,
    money(d.total) && `total ${money(d.total)}`,
    money(d.fee) && `fee ${money(d.fee)}`,
    money(d.refund) && `refund ${money(d.refund)}`,
    money(d.amount) && `amount ${money(d.amount)}`,
    typeof d.reason === 'string' && `reason: ${d.reason}`,
    typeof d.payment_state === 'string' && `payment ${d.payment_state}`,
    typeof d.provider_message === 'string' && d.provider_message,
  ].filter(Boolean);
  return parts.join(' · ');
}

function Timeline({ items }: { items: AuditItem[] }) {
  return (
    <Card title="Audit timeline">
      <ol class="timeline" data-testid="timeline">
        {items.map((item) => (
          <li key={item.seq} class={`tl-${item.type.split('.')[0]}`}>
            <div class="tl-dot" />
            <div class="tl-body">
              <div class="tl-head">
                <strong>{item.type}</strong> <span class="muted">#{item.seq}</span>
                <time>{formatTime(item.at)}</time>
              </div>
              <div class="muted">
                {item.actor.kind}
                {item.actor.id ? ` ${item.actor.id.slice(0, 8)}` : ''}
                {item.traveler ? ` for ${item.traveler.sub}` : ''} · trace <code>{item.trace_id.slice(0, 16)}</code>
              </div>
              {summary(item) && <div>{summary(item)}</div>}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
