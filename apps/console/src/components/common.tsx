import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../api/client';
import type { Money as MoneyValue } from '../api/types';

/** Minor units to a readable amount in the currency (JPY has no minor unit). */
export function formatMoney(m: MoneyValue | null | undefined): string {
  if (!m) return '—';
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: m.currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return new Intl.NumberFormat('en', { style: 'currency', currency: m.currency }).format(m.amount / 10 ** digits);
}

export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, 'Z');
}

/** The error envelope as it came: message, remediation and trace id (for support). */
export function ErrorBox({ error }: { error: unknown }) {
  if (!error) return null;
  if (error instanceof ApiError) {
    const fieldErrors = (error.body.detail?.field_errors as Array<{ path: string; message: string }> | undefined) ?? [];
    return (
      <div class="error" role="alert" data-testid="error">
        <strong>{error.body.message}</strong> <code>{error.body.code}</code>
        {fieldErrors.length > 0 && (
          <ul>
            {fieldErrors.map((f) => (
              <li key={f.path}>
                <code>{f.path || '(body)'}</code> {f.message}
              </li>
            ))}
          </ul>
        )}
        <p>{error.body.remediation}</p>
        {error.body.trace_id && (
          <p class="muted">
            trace_id <code data-testid="trace-id">{error.body.trace_id}</code>
          </p>
        )}
      </div>
    );
  }
  return (
    <div class="error" role="alert" data-testid="error">
      <strong>{error instanceof Error ? error.message : String(error)}</strong>
    </div>
  );
}

/** A secret is shown once, right after it was issued; the console keeps no copy. */
export function SecretOnce({ label, secret, onDone }: { label: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div class="secret" role="status" data-testid="secret-once">
      <p>
        <strong>{label}</strong> — shown only now; store it before closing this box.
      </p>
      <code class="secret-value" data-testid="secret-value">
        {secret}
      </code>
      <div class="row">
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(secret).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
        <button type="button" class="secondary" onClick={onDone}>
          I stored it
        </button>
      </div>
    </div>
  );
}

export function Card({ title, children, actions }: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  return (
    <section class="card">
      <header class="card-head">
        <h2>{title}</h2>
        {actions && <div class="row">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function StateBadge({ state }: { state: string }) {
  return <span class={`badge badge-${state}`}>{state}</span>;
}

/** Cursor paging: the API gives next_cursor; the console keeps the cursors it came through. */
export function Pager({
  hasPrevious,
  nextCursor,
  onPrevious,
  onNext,
}: {
  hasPrevious: boolean;
  nextCursor: string | null;
  onPrevious: () => void;
  onNext: () => void;
}) {
  return (
    <div class="row pager">
      <button type="button" class="secondary" disabled={!hasPrevious} onClick={onPrevious}>
        ← Previous
      </button>
      <button type="button" class="secondary" disabled={!nextCursor} onClick={onNext} data-testid="next-page">
        Next →
      </button>
    </div>
  );
}

export function Field({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <label class="field">
      <span>{label}</span>
      {children}
    </label>
  );
}

/** A form's last lines: the submit button (disabled while it runs), what it did, and what went wrong. */
export function SaveFooter({ label, busy, done, error }: { label: string; busy: boolean; done?: string | null; error: unknown }) {
  return (
    <>
      <button type="submit" disabled={busy}>
        {label}
      </button>
      {done && (
        <p class="ok" role="status">
          {done}
        </p>
      )}
      <ErrorBox error={error} />
    </>
  );
}
