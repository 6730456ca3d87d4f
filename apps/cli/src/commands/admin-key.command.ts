import { Command } from 'commander';
import { isUuid, PrincipalRepository, ReissueAdminCredentials, RevokeAdminCredential, RotateAdminCredential, TenantRepository } from '@hcs/domain';
import type { INestApplicationContext } from '@nestjs/common';
import { output, withCliContext } from '../cli-context';

/** The operator acts as the tenant's first admin (the one `hcs tenant create` made). */
async function operatorCaller(app: INestApplicationContext, tenantId: string) {
  if (!isUuid(tenantId) || !(await app.get(TenantRepository).findById(tenantId))) throw new Error(`unknown tenant ${tenantId}`);
  const [admin] = await app.get(PrincipalRepository).listByKind(tenantId, 'admin');
  if (!admin) throw new Error(`tenant ${tenantId} has no admin`);
  return { tenantId, principalId: admin.id, kind: 'admin' as const };
}

/** `hcs admin-key rotate|revoke`: admin API keys (docs/identity.md "Admin credentials"). */
export function registerAdminKey(program: Command): void {
  const adminKey = program.command('admin-key').description("a tenant's admin API keys");
  adminKey
    .command('rotate')
    .description('replace an admin key (--credential), or every key of the first admin when it is lost; the new key is shown once')
    .requiredOption('--tenant <id>', 'the tenant')
    .option('--credential <id>', 'the credential to replace (default: all live keys of the first admin)')
    .option('--json', 'print {credential: {id, secret, prefix, created_at}, revoked: [ids]} as JSON')
    .action(async (options: { tenant: string; credential?: string; json?: boolean }) => {
      const json = await withCliContext(async (app) => {
        const caller = await operatorCaller(app, options.tenant.toLowerCase());
        if (options.credential) {
          const { data } = await app.get(RotateAdminCredential).execute({ credentialId: options.credential }, caller);
          return { credential: data.credential, revoked: [data.revoked.id] };
        }
        const { data } = await app.get(ReissueAdminCredentials).execute({}, caller);
        return { credential: data.credential, revoked: data.revoked.map((c) => c.id) };
      });
      output(options.json, json, `admin API key (shown once): ${json.credential.secret}\nrevoked: ${json.revoked.join(', ') || 'none'}`);
    });
  adminKey
    .command('revoke')
    .description('revoke an admin key')
    .requiredOption('--tenant <id>', 'the tenant')
    .requiredOption('--credential <id>', 'the credential to revoke')
    .option('--json', 'print {id, revoked_at} as JSON')
    .action(async (options: { tenant: string; credential: string; json?: boolean }) => {
      const { data: revoked } = await withCliContext(async (app) =>
        app.get(RevokeAdminCredential).execute({ credentialId: options.credential }, await operatorCaller(app, options.tenant.toLowerCase())),
      );
      const json = { id: revoked.id, revoked_at: revoked.revoked_at };
      output(options.json, json, `revoked ${json.id} at ${json.revoked_at}`);
    });
}
