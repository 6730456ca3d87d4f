import { attemptFailureKind, describeAttemptFailure, describeStatus } from '@hcs/domain';
import { AppConfig, OutboundRefused, sendOutbound } from '@hcs/platform';

export interface OutboundAttempt {
  status: number | null;
  durationMs: number;
  /** Our words (`attempt-error.ts`): a non-2xx status or what went wrong; null on a 2xx. */
  error: string | null;
  /** A 2xx answer's body (bounded by the outbound client); empty otherwise. */
  body: string;
}

/**
 * One POST of a delivery attempt (webhooks, channel messages) under the outbound address rule
 * (`WEBHOOK_ALLOW_PRIVATE` included), with the service's user agent. Errors are worded in fixed
 * words: never the receiver's body or a network error's raw text.
 */
export async function postAttempt(
  config: AppConfig,
  request: { url: string; headers: Record<string, string>; body: string; timeoutMs: number },
): Promise<OutboundAttempt> {
  const started = performance.now();
  try {
    const answer = await sendOutbound(
      {
        url: request.url,
        method: 'POST',
        headers: { 'user-agent': `${config.serviceName}/${config.serviceVersion}`, ...request.headers },
        body: request.body,
        timeoutMs: request.timeoutMs,
      },
      { allowPrivate: config.webhookAllowPrivate },
    );
    const ok = answer.status >= 200 && answer.status < 300;
    return { status: answer.status, durationMs: answer.durationMs, error: ok ? null : describeStatus(answer.status), body: ok ? answer.body : '' };
  } catch (error) {
    const kind = attemptFailureKind(error, error instanceof OutboundRefused);
    return { status: null, durationMs: Math.round(performance.now() - started), error: describeAttemptFailure(kind), body: '' };
  }
}
