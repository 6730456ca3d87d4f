import { readFileSync } from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import {
  DelegationIssuer,
  ISSUER_STATUSES,
  IssuerStatus,
  JwkSet,
  RegisterPlatformIssuer,
  SetPlatformIssuerStatus,
  DelegationIssuerRepository,
} from '@hcs/domain';
import { output, withCliContext } from '../cli-context';

const collect = (value: string, previous: string[]) => [...previous, value];

function issuerJson(issuer: DelegationIssuer) {
  return { id: issuer.id, iss: issuer.iss, name: issuer.name, status: issuer.status, jwks_url: issuer.jwksUrl, allowed_audiences: issuer.allowedAudiences };
}

/** A JWK set file, or a file holding a single JWK. */
function readJwks(path: string): JwkSet {
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (parsed && typeof parsed === 'object' && Array.isArray((parsed as JwkSet).keys)) return parsed as JwkSet;
  return { keys: [parsed as Record<string, unknown>] };
}

export function registerIssuer(program: Command): void {
  const issuer = program.command('issuer').description('platform delegation issuers (trusted by every tenant)');
  issuer
    .command('add')
    .description('trust a delegation issuer for every tenant')
    .requiredOption('--iss <iss>', 'the iss claim of its delegation JWTs')
    .requiredOption('--name <name>', 'display name')
    .option('--jwks-file <file>', 'a file with its public JWK set (or one JWK)')
    .option('--jwks-url <url>', 'where it publishes its JWK set (https)')
    .option('--audience <aud>', 'an audience it is trusted for (repeatable; default DELEGATION_AUDIENCE)', collect, [])
    .option('--json', 'print the issuer as JSON')
    .action(async (options: { iss: string; name: string; jwksFile?: string; jwksUrl?: string; audience: string[]; json?: boolean }) => {
      if (Boolean(options.jwksFile) === Boolean(options.jwksUrl)) throw new InvalidArgumentError('give exactly one of --jwks-file and --jwks-url');
      const jwks = options.jwksFile ? readJwks(options.jwksFile) : null;
      const created = await withCliContext((app, config) =>
        app.get(RegisterPlatformIssuer).execute({
          iss: options.iss,
          name: options.name,
          jwks,
          jwksUrl: options.jwksUrl ?? null,
          allowedAudiences: options.audience.length > 0 ? options.audience : [config.delegationAudience],
        }),
      );
      output(options.json, issuerJson(created), `platform issuer ${created.iss} registered (${created.id})`);
    });
  issuer
    .command('list')
    .description('list platform issuers')
    .option('--json', 'print {issuers: [...]} as JSON')
    .action(async (options: { json?: boolean }) => {
      const issuers = await withCliContext((app) => app.get(DelegationIssuerRepository).listPlatform());
      output(options.json, { issuers: issuers.map(issuerJson) }, issuers.map((i) => `${i.status}\t${i.iss}\t${i.name}`).join('\n') || 'no platform issuers');
    });
  issuer
    .command('set-status')
    .description('suspend, reactivate or revoke (final) a platform issuer')
    .requiredOption('--iss <iss>', 'the issuer')
    .requiredOption('--status <status>', ISSUER_STATUSES.join(' | '), (value: string) => {
      if (!(ISSUER_STATUSES as readonly string[]).includes(value)) throw new InvalidArgumentError(`expected one of ${ISSUER_STATUSES.join(', ')}`);
      return value as IssuerStatus;
    })
    .option('--json', 'print the issuer as JSON')
    .action(async (options: { iss: string; status: IssuerStatus; json?: boolean }) => {
      const updated = await withCliContext((app) => app.get(SetPlatformIssuerStatus).execute(options.iss, options.status));
      output(options.json, issuerJson(updated), `platform issuer ${updated.iss} is ${updated.status}`);
    });
}
