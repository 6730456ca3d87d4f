import type { Env } from './env.schema';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);
const LOOPBACK_BINDS = new Set(['localhost', '::1', '[::1]']);

/** Which process reads the configuration: the rules about served endpoints differ. */
export type ProcessRole = 'api' | 'worker' | 'cli';

/** Whether a listen address only accepts connections from this machine. */
export function isLoopbackBind(host: string): boolean {
  const h = host.trim().toLowerCase();
  return LOOPBACK_BINDS.has(h) || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
}

function isLocal(value: string): boolean {
  try {
    const host = new URL(value).hostname.toLowerCase();
    return LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || host.startsWith('127.');
  } catch {
    // A bare audience string (not a URL): only "localhost" itself counts as local.
    return LOCAL_HOSTS.has(value.toLowerCase());
  }
}

/**
 * What a production process refuses to start with (docs/security.md "Production defaults"), the
 * one list: the public address and the delegation audience must be set on purpose and not point at
 * this machine; webhook secrets must be encrypted under a key of the operator's
 * (WEBHOOK_SECRET_KEY); the sandbox payment provider (the only built-in one, which charges
 * nothing) must be acknowledged with PAYMENTS_SANDBOX=true; webhooks may not reach private
 * addresses (WEBHOOK_ALLOW_PRIVATE); metrics are not served without METRICS_TOKEN (the api always
 * serves `/metrics`; a worker may instead keep its metrics off or on a loopback address); an
 * advisor model is reached over TLS only.
 */
export function productionProblems(env: Env, role: ProcessRole = 'api'): string[] {
  const problems: string[] = paymentProviderProblems(env);
  if (env.NODE_ENV !== 'production') return problems;
  if (!env.BASE_URL) problems.push('BASE_URL: required with NODE_ENV=production (the public address of the api)');
  else if (isLocal(env.BASE_URL)) problems.push(`BASE_URL: must not be a localhost address with NODE_ENV=production (got ${JSON.stringify(env.BASE_URL)})`);
  if (!env.DELEGATION_AUDIENCE) problems.push('DELEGATION_AUDIENCE: required with NODE_ENV=production (the audience traveler delegations must name)');
  else if (isLocal(env.DELEGATION_AUDIENCE))
    problems.push(`DELEGATION_AUDIENCE: must not be a localhost address with NODE_ENV=production (got ${JSON.stringify(env.DELEGATION_AUDIENCE)})`);
  if (!env.WEBHOOK_SECRET_KEY)
    problems.push('WEBHOOK_SECRET_KEY: required with NODE_ENV=production (at least 32 characters; encrypts webhook secrets at rest)');
  if (env.PAYMENT_PROVIDER === 'sandbox' && env.PAYMENTS_SANDBOX !== true)
    problems.push(
      'PAYMENTS_SANDBOX: the sandbox payment provider charges nothing; set PAYMENT_PROVIDER=stripe with its keys, or PAYMENTS_SANDBOX=true to run the sandbox with NODE_ENV=production on purpose',
    );
  if (env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_SECRET_KEY?.includes('_test_') && env.PAYMENTS_TEST_MODE !== true)
    problems.push('STRIPE_SECRET_KEY: a test-mode key charges nothing; set PAYMENTS_TEST_MODE=true to run it with NODE_ENV=production on purpose');
  if (env.PAYMENT_PROVIDER === 'stripe' && env.STRIPE_API_BASE && new URL(env.STRIPE_API_BASE).protocol !== 'https:')
    problems.push('STRIPE_API_BASE: must be an https: URL with NODE_ENV=production (card data and the API key would travel in clear)');
  if (env.WEBHOOK_ALLOW_PRIVATE)
    problems.push('WEBHOOK_ALLOW_PRIVATE: must not be true with NODE_ENV=production (webhook URLs could reach internal addresses)');
  if (!env.METRICS_TOKEN) {
    if (role === 'api') problems.push('METRICS_TOKEN: required with NODE_ENV=production (at least 16 characters; /metrics is open without it)');
    const workerExposed = env.WORKER_METRICS_PORT !== 0 && !isLoopbackBind(env.WORKER_METRICS_HOST);
    if (role === 'worker' && workerExposed)
      problems.push(
        `METRICS_TOKEN: required with NODE_ENV=production while the worker serves /metrics on ${JSON.stringify(env.WORKER_METRICS_HOST)} (set METRICS_TOKEN, bind WORKER_METRICS_HOST=127.0.0.1, or WORKER_METRICS_PORT=0)`,
      );
  }
  if (env.ADVISOR_LLM_URL && new URL(env.ADVISOR_LLM_URL).protocol !== 'https:')
    problems.push('ADVISOR_LLM_URL: must be an https: URL with NODE_ENV=production (prompts and the API key would travel in clear)');
  return problems;
}

/** Stripe needs its keys in every environment: without them no charge or webhook could work. */
function paymentProviderProblems(env: Env): string[] {
  if (env.PAYMENT_PROVIDER !== 'stripe') return [];
  const problems: string[] = [];
  if (!env.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required with PAYMENT_PROVIDER=stripe (the API key of the Stripe account)');
  if (!env.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: required with PAYMENT_PROVIDER=stripe (the signing secret of the endpoint POST /webhooks/stripe)');
  return problems;
}

/**
 * The warning of a process started without NODE_ENV (so with development defaults: sandbox
 * payments, demo issuer, open metrics, private webhook targets allowed) whose BASE_URL is a public
 * address, which suggests a deployment that forgot NODE_ENV=production. Null when not the case.
 */
export function developmentDefaultsWarning(source: NodeJS.ProcessEnv): string | null {
  if (source.NODE_ENV !== undefined && source.NODE_ENV !== '') return null;
  const baseUrl = source.BASE_URL;
  if (!baseUrl || isLocal(baseUrl)) return null;
  return (
    `WARNING: NODE_ENV is not set but BASE_URL is ${JSON.stringify(baseUrl)}: this process runs with DEVELOPMENT DEFAULTS ` +
    '(none of the production refusals apply: sandbox payments, the demo issuer, open /metrics, webhooks to private addresses). ' +
    'Set NODE_ENV=production for a deployment (docs/security.md "Production defaults").'
  );
}
