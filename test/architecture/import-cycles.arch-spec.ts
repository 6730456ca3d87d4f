import { join } from 'node:path';
import * as ts from 'typescript';
import { compilerOptions, formatCycle, importCycles, importGraph, ROOT, sourceFiles, tangledComponents, type ImportGraph } from './import-graph';

/**
 * No import cycle in `apps/` and `libs/` (docs/architecture.md "Tests"): every .ts/.tsx file,
 * type-only imports included, with `@hcs/*` resolved through tsconfig.json's paths (the console
 * through its own tsconfig). A cycle fails the test, printed as a chain of files. The detection is
 * first shown to catch cycles on virtual files, so the scan cannot pass by finding nothing.
 */

/** Cycles known and owned elsewhere, each with why; a listed cycle that is gone fails the last test. */
const KNOWN_CYCLES: Array<{ files: string[]; why: string }> = [];

const rootOptions = compilerOptions(join(ROOT, 'tsconfig.json'));
const consoleOptions = compilerOptions(join(ROOT, 'apps/console/tsconfig.json'));

/** Files in memory under /virtual, resolved with a `@hcs/b` path alias as tsconfig.json declares them. */
function virtualGraph(files: Record<string, string>): ImportGraph {
  const root = '/virtual';
  const at = (path: string) => path.slice(root.length + 1);
  const host: ts.ModuleResolutionHost = {
    fileExists: (path) => at(path) in files,
    readFile: (path) => files[at(path)],
    directoryExists: (path) => Object.keys(files).some((file) => file.startsWith(`${at(path)}/`)),
  };
  const options: ts.CompilerOptions = { baseUrl: root, paths: { '@hcs/b': ['libs/b/src'] }, moduleResolution: ts.ModuleResolutionKind.Node10 };
  return importGraph({ files: Object.keys(files), read: (file) => files[file], optionsFor: () => options, root, host });
}

describe('import cycles in apps/ and libs/', () => {
  it('catches a cycle on a sample: an alias, an index file, a relative and a type-only import', () => {
    const graph = virtualGraph({
      'libs/a/src/use-case.ts': "import { rule } from '@hcs/b';\nexport class UseCase {}\n",
      'libs/b/src/index.ts': "export * from './rule';\n",
      'libs/b/src/rule.ts': "import type { Settle } from '../../a/src/settle';\nexport const rule = 1;\n",
      'libs/a/src/settle.ts': "import { UseCase } from './use-case';\nimport { readFileSync } from 'node:fs';\nexport type Settle = UseCase;\n",
      'libs/a/src/leaf.ts': "import { rule } from '@hcs/b';\nexport const leaf = rule;\n",
      'libs/c/src/self.ts': "import type { Self } from './self';\nexport interface Self { next: Self }\n",
    });
    expect(importCycles(graph).map(formatCycle)).toEqual([
      ['libs/a/src/settle.ts', 'libs/a/src/use-case.ts', 'libs/b/src/index.ts', 'libs/b/src/rule.ts', 'libs/a/src/settle.ts'].join('\n  → '),
      ['libs/c/src/self.ts', 'libs/c/src/self.ts'].join('\n  → '),
    ]);
    // Without the type-only import that closes it, there is no cycle.
    expect(importCycles(virtualGraph({ 'libs/a/src/x.ts': "import { y } from './y';\n", 'libs/a/src/y.ts': 'export const y = 1;\n' }))).toEqual([]);
  });

  const files = sourceFiles(['apps', 'libs']);
  const graph = importGraph({ files, optionsFor: (file) => (file.startsWith('apps/console/') ? consoleOptions : rootOptions) });
  const isKnown = (chain: string[]) => KNOWN_CYCLES.some((known) => chain.every((file) => known.files.includes(file)));

  it('scans the source tree and resolves the path aliases', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files).toContain('apps/console/src/main.tsx');
    expect(graph.get('apps/api/src/main.ts')?.size).toBeGreaterThan(0);
    expect([...graph.values()].some((targets) => targets.has('libs/domain/src/index.ts'))).toBe(true);
  });

  it('has no import cycle', () => {
    expect(
      importCycles(graph)
        .filter((chain) => !isKnown(chain))
        .map(formatCycle),
    ).toEqual([]);
  });

  it('keeps its list of known cycles true: each is still a cycle', () => {
    const components = tangledComponents(graph);
    const gone = KNOWN_CYCLES.filter((known) => !components.some((component) => component.some((file) => known.files.includes(file))));
    expect(gone.map((known) => known.files.join(' ↔ '))).toEqual([]);
  });
});
