import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * The import graph of the repository's own TypeScript (test/architecture/import-cycles.arch-spec.ts):
 * every import of a file, type-only ones included (`import type`, `export … from`, `import x =
 * require(…)`, `import('…')` in types and calls), resolved as the compiler resolves it: the `@hcs/*`
 * paths of tsconfig.json, relative paths, index files. Imports that land in node_modules or outside
 * the scanned files are left out.
 */
export const ROOT = resolve(__dirname, '../..');

/** Repository-relative POSIX path → the repository-relative files it imports. */
export type ImportGraph = Map<string, Set<string>>;

const posix = (path: string) => path.split('\\').join('/');

/** Every .ts/.tsx file under the given repository folders, without declaration files and node_modules. */
export function sourceFiles(dirs: string[], root = ROOT): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name === 'node_modules' || entry.name === 'dist') return [];
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [posix(relative(root, path))] : [];
    });
  return dirs.flatMap((dir) => walk(join(root, dir))).sort();
}

/** The compiler options of a tsconfig file (paths, baseUrl, module resolution). */
export function compilerOptions(tsconfigPath: string): ts.CompilerOptions {
  const { config, error } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  return ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfigPath)).options;
}

/** The module specifiers a file's text imports, in order, type-only imports included. */
export function importSpecifiers(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: string[] = [];
  const literal = (node: ts.Node | undefined) => {
    if (node && ts.isStringLiteralLike(node)) out.push(node.text);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) literal(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) literal(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) literal(node.argument.literal);
    else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    )
      literal(node.arguments[0]);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

export interface GraphInput {
  /** Repository-relative paths of the files to scan. */
  files: string[];
  /** A file's text (default: read from the disk under root). */
  read?: (file: string) => string;
  /** The compiler options a file is resolved with. */
  optionsFor: (file: string) => ts.CompilerOptions;
  root?: string;
  /** The module resolution host (default: the disk); a test passes an in-memory one. */
  host?: ts.ModuleResolutionHost;
}

export function importGraph({ files, read, optionsFor, root = ROOT, host = ts.sys }: GraphInput): ImportGraph {
  const readText = read ?? ((file: string) => readFileSync(join(root, file), 'utf8'));
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  const caches = new Map<ts.CompilerOptions, ts.ModuleResolutionCache>();
  const cacheFor = (options: ts.CompilerOptions) => {
    if (!caches.has(options))
      caches.set(
        options,
        ts.createModuleResolutionCache(root, (name) => name, options),
      );
    return caches.get(options)!;
  };
  for (const file of files) {
    const absolute = join(root, file);
    const options = optionsFor(file);
    const targets = new Set<string>();
    for (const specifier of importSpecifiers(file, readText(file))) {
      const resolved = ts.resolveModuleName(specifier, absolute, options, host, cacheFor(options)).resolvedModule;
      if (!resolved || resolved.isExternalLibraryImport) continue;
      const target = posix(relative(root, resolved.resolvedFileName));
      if (known.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected components of more than one file, or of one file importing itself (Tarjan). */
export function tangledComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const strongConnect = (start: string) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const frames: Array<{ node: string; next: Iterator<string> }> = [];
    const enter = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      frames.push({ node, next: (graph.get(node) ?? new Set<string>()).values() });
    };
    enter(start);
    while (frames.length) {
      const frame = frames[frames.length - 1];
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        continue;
      }
      frames.pop();
      if (frames.length) {
        const parent = frames[frames.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || graph.get(frame.node)?.has(frame.node)) out.push(component.sort());
      }
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) strongConnect(node);
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest import chain from `from` back to itself within `members` (breadth first). */
function shortestCycleThrough(graph: ImportGraph, from: string, members: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [from];
  while (queue.length) {
    const node = queue.shift()!;
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(target)) continue;
      if (target === from) {
        const chain = [node];
        while (chain[0] !== from) chain.unshift(previous.get(chain[0])!);
        return [...chain, from];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return [];
}

/**
 * The import cycles, each as a chain of files that ends where it starts: for every tangled
 * component, the shortest cycle through each of its files, without repeats (a rotation of a chain
 * already listed is the same cycle). Together they name every file that takes part in a cycle.
 */
export function importCycles(graph: ImportGraph): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  for (const component of tangledComponents(graph)) {
    const members = new Set(component);
    for (const file of component) {
      const chain = shortestCycleThrough(graph, file, members);
      const ring = chain.slice(0, -1);
      const first = ring.indexOf([...ring].sort()[0]);
      const key = [...ring.slice(first), ...ring.slice(0, first)].join('\n');
      if (seen.has(key)) continue;
      seen.add(key);
      cycles.push(chain);
    }
  }
  return cycles;
}

export const formatCycle = (chain: string[]) => chain.join('\n  → ');
