import { Command } from 'commander';
import { ACCESS_TOKEN_KEY_RETENTION_SECONDS, SigningKeys } from '@hcs/auth';
import { output, withCliContext } from '../cli-context';

export function registerOAuth(program: Command): void {
  const oauth = program.command('oauth').description('OAuth access token signing keys');
  oauth
    .command('rotate-key')
    .description('start signing access tokens with a new key; the old public key stays in the JWKS until its tokens expire')
    .option('--json', 'print {kid, previous_key_published_for_seconds} as JSON')
    .action(async (options: { json?: boolean }) => {
      const kid = await withCliContext((app) => app.get(SigningKeys).rotate('oauth_access_token'));
      const result = { kid, previous_key_published_for_seconds: ACCESS_TOKEN_KEY_RETENTION_SECONDS };
      output(options.json, result, `signing with key ${kid}; the previous key stays published for ${ACCESS_TOKEN_KEY_RETENTION_SECONDS} s`);
    });
}
