import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { ROOT, sourceFiles } from './import-graph';

/**
 * No class in `libs/domain` takes more than MAX_PARAMETERS constructor parameters (docs/architecture.md
 * "Tests"): a use case that needs more collaborators than that does more than one thing, or wants a
 * service of its own (`libs/domain/src/<capability>/services/`). Shown first to catch a sample.
 */
const MAX_PARAMETERS = 8;

/** Classes known to take more, each with why (`file#Class`); an entry that no longer does fails the last test. */
const KNOWN_LONG_CONSTRUCTORS: Record<string, string> = {};

/** `file#Class (n parameters)` for every class of the text whose constructor takes more than the limit. */
function longConstructors(file: string, text: string): Array<{ key: string; count: number }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Array<{ key: string; count: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isClassLike(node)) {
      // Overloads and the implementation: the longest list counts.
      const counts = node.members.filter(ts.isConstructorDeclaration).map((ctor) => ctor.parameters.length);
      const count = Math.max(0, ...counts);
      if (count > MAX_PARAMETERS) out.push({ key: `${file}#${node.name?.text ?? '(anonymous class)'}`, count });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe(`constructors in libs/domain take at most ${MAX_PARAMETERS} parameters`, () => {
  it('catches a long constructor on a sample, in a class declaration and a class expression', () => {
    const params = (n: number) => Array.from({ length: n }, (_, i) => `private readonly p${i}: P${i}`).join(', ');
    const text = `export class Short { constructor(${params(8)}) {} }\nexport class Long { constructor(${params(9)}) {} }\nexport const Anonymous = class { constructor(${params(12)}) {} };\n`;
    expect(longConstructors('libs/domain/src/x.ts', text)).toEqual([
      { key: 'libs/domain/src/x.ts#Long', count: 9 },
      { key: 'libs/domain/src/x.ts#(anonymous class)', count: 12 },
    ]);
  });

  const files = sourceFiles(['libs/domain']);
  const found = files.flatMap((file) => longConstructors(file, readFileSync(join(ROOT, file), 'utf8')));

  it('scans the domain', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('has no class with a longer constructor', () => {
    expect(found.filter((f) => !(f.key in KNOWN_LONG_CONSTRUCTORS)).map((f) => `${f.key}: ${f.count} parameters`)).toEqual([]);
  });

  it('keeps its list of known long constructors true', () => {
    expect(Object.keys(KNOWN_LONG_CONSTRUCTORS).filter((key) => !found.some((f) => f.key === key))).toEqual([]);
  });
});
