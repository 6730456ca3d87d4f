import type { Env } from './env.schema';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]', '0.0.0.0']);

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
 * What a production process refuses to start with (docs/security.md "Production defaults"): the
 * public address and the delegation audience must be set on purpose and not point at this
 * machine, webhook secrets must be encrypted under a key of the operator's (WEBHOOK_SECRET_KEY), and the sandbox payment provider (the only built-in one, which charges nothing) must be
 * acknowledged with PAYMENTS_SANDBOX=true.
 */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!env.BASE_URL) problems.push('BASE_URL: required with NODE_ENV=production (the public address of the api)');
  else if (isLocal(env.BASE_URL)) problems.push(`BASE_URL: must not be a localhost address with NODE_ENV=production (got ${JSON.stringify(env.BASE_URL)})`);
  if (!env.DELEGATION_AUDIENCE) problems.push('DELEGATION_AUDIENCE: required with NODE_ENV=production (the audience traveler delegations must name)');
  else if (isLocal(env.DELEGATION_AUDIENCE))
    problems.push(`DELEGATION_AUDIENCE: must not be a localhost address with NODE_ENV=production (got ${JSON.stringify(env.DELEGATION_AUDIENCE)})`);
  if (!env.WEBHOOK_SECRET_KEY)
    problems.push('WEBHOOK_SECRET_KEY: required with NODE_ENV=production (at least 32 characters; encrypts webhook secrets at rest)');
  if (env.PAYMENTS_SANDBOX !== true)
    problems.push('PAYMENTS_SANDBOX: the sandbox payment provider charges nothing; set PAYMENTS_SANDBOX=true to run it with NODE_ENV=production on purpose');
  return problems;
}
