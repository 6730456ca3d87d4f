import Stripe from 'stripe';
import type { AppConfig } from '@hcs/platform';

/** The SDK's network retries: each one carries the first call's idempotency key, so none charges twice. */
export const STRIPE_NETWORK_RETRIES = 2;
/** The shortest time the SDK waits for one answer. */
const MIN_TIMEOUT_MS = 30_000;

/**
 * The official client, set up from the configuration (docs/payments.md): the secret key,
 * `STRIPE_API_BASE` when tests point it at a local stand-in, and a timeout longer than the payment
 * budget, so a slow answer reaches the attempt after `payment_timeout` instead of ending it.
 */
export function stripeClientFor(config: Pick<AppConfig, 'stripeSecretKey' | 'stripeApiBase' | 'paymentTimeoutMs' | 'serviceName' | 'serviceVersion'>): Stripe {
  if (!config.stripeSecretKey) throw new Error('STRIPE_SECRET_KEY is required with PAYMENT_PROVIDER=stripe');
  const base = config.stripeApiBase ? new URL(config.stripeApiBase) : null;
  return new Stripe(config.stripeSecretKey, {
    maxNetworkRetries: STRIPE_NETWORK_RETRIES,
    timeout: Math.max(config.paymentTimeoutMs * 3, MIN_TIMEOUT_MS),
    telemetry: false,
    appInfo: { name: config.serviceName, version: config.serviceVersion },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
}
