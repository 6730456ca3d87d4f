import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestApp } from '../../support/test-app';

const run = promisify(execFile);
const ROOT = join(__dirname, '..', '..', '..');
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

interface Problem {
  linter: string;
  rule: string;
  severity: string;
  message: string;
  at: string;
}

/**
 * Runs a linter that writes its JSON report to `report` (stdout when it has no output option),
 * whatever its exit code (non-zero when it found problems).
 */
async function lintJson(command: string, args: string[], report?: string): Promise<unknown> {
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const out = await run(command, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string; stderr?: string }) => ({
    stdout: error.stdout ?? '',
    stderr: error.stderr ?? '',
  }));
  const text = report ? (existsSync(report) ? readFileSync(report, 'utf8') : '') : out.stdout;
  if (!text.trim()) throw new Error(`${command} ${args.join(' ')} wrote no report:\n${out.stdout}\n${out.stderr}`);
  return JSON.parse(text) as unknown;
}

async function redocly(file: string): Promise<Problem[]> {
  const report = (await lintJson(bin('redocly'), ['lint', file, '--config', 'redocly.yaml', '--format', 'json'])) as {
    problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer?: string }> }>;
  };
  return report.problems.map((p) => ({ linter: 'redocly', rule: p.ruleId, severity: p.severity, message: p.message, at: p.location[0]?.pointer ?? '' }));
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'];

async function spectral(file: string): Promise<Problem[]> {
  const output = `${file}.spectral.json`;
  const args = ['lint', file, '--ruleset', '.spectral.yaml', '--format', 'json', '--output', output, '--fail-severity', 'hint'];
  const report = (await lintJson(bin('spectral'), args, output)) as Array<{
    code: string;
    severity: number;
    message: string;
    path: string[];
  }>;
  return report.map((p) => ({
    linter: 'spectral',
    rule: p.code,
    severity: SPECTRAL_SEVERITY[p.severity] ?? String(p.severity),
    message: p.message,
    at: p.path.join('.'),
  }));
}

/**
 * The served OpenAPI document passes Redocly's `recommended` rules (redocly.yaml) and Spectral's
 * `spectral:oas` (.spectral.yaml) with no error and no warning (docs/api-contract.md "The OpenAPI
 * document"). BASE_URL is a deployment's address: the default (localhost) is what
 * `no-server-example.com` is there to catch in a deployed document.
 */
describe('the served OpenAPI document passes both linters', () => {
  it('has no error and no warning from Redocly (recommended) or Spectral (spectral:oas)', async () => {
    const t = await startTestApp({ BASE_URL: 'https://api.hotels.test' });
    let document: unknown;
    try {
      document = (await t.http().get('/openapi.json').expect(200)).body;
    } finally {
      await t.close();
    }
    const dir = mkdtempSync(join(tmpdir(), 'hcs-openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document, null, 2));
      const problems = (await Promise.all([redocly(file), spectral(file)])).flat();
      expect(problems).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
