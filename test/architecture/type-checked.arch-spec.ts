import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import * as ts from 'typescript';
import { ROOT, sourceFiles } from './import-graph';

/**
 * `npm run typecheck` covers every TypeScript file of the repository (docs/architecture.md "Tests"):
 * tsconfig.json takes the code, its specs, test/, migrations and the bench; the console's own
 * tsconfig (DOM, JSX) takes the console. A file in neither would only be checked by jest's
 * transpiler, which checks no types.
 */
function programFiles(tsconfig: string): Set<string> {
  const path = join(ROOT, tsconfig);
  const { config } = ts.readConfigFile(path, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, dirname(path));
  return new Set(parsed.fileNames.map((file) => relative(ROOT, file).split('\\').join('/')));
}

describe('the typecheck covers every TypeScript file', () => {
  const main = programFiles('tsconfig.json');
  const consoleFiles = programFiles('apps/console/tsconfig.json');
  const all = sourceFiles(['apps', 'libs', 'test', 'migrations', 'bench']);

  it('takes specs, test/ and the console', () => {
    expect([...main].filter((file) => file.endsWith('.spec.ts')).length).toBeGreaterThan(50);
    expect(main).toContain('test/support/factories.ts');
    expect(main).toContain('test/architecture/type-checked.arch-spec.ts');
    expect(consoleFiles).toContain('apps/console/src/main.tsx');
  });

  it('leaves no file out', () => {
    expect(all.filter((file) => !main.has(file) && !consoleFiles.has(file))).toEqual([]);
  });

  it('runs both programs in `npm run typecheck`', () => {
    const script = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.typecheck;
    expect(script).toMatch(/tsc -p tsconfig\.json\b/);
    expect(script).toMatch(/tsc -p apps\/console\/tsconfig\.json\b/);
  });
});
