import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** The console is part of `npm run build`; a test that needs it builds it when it is missing (≈1 s). */
export function ensureConsoleBuilt(): void {
  if (existsSync(join(ROOT, 'dist', 'console', 'index.html'))) return;
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'apps/console/vite.config.mjs', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}
