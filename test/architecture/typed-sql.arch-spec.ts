import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

/**
 * Typed SQL holds across the code (docs/architecture.md "Typed SQL"): statements go through
 * `SqlClient` with their parameters and rows typed where they are written, so in `apps/` and
 * `libs/` there is
 *   (a) no `as Tx` (the transaction host is typed once),
 *   (b) no cast of query rows: neither a cast of a `.query(…)` answer nor a cast to a `…Row` type,
 *       and no `)) as [` / `as Array<{` on an answer in database code,
 *   (c) no `.query(` outside the places that must speak to the driver themselves (ALLOWED_QUERY_CALLS).
 * Each rule is first shown to catch a sample, so the scan cannot pass by matching nothing.
 */
const ROOT = resolve(__dirname, '../..');

/** Files that call `.query(` by design, each with why; casts of rows are refused even here. */
const ALLOWED_QUERY_CALLS: Record<string, string> = {
  'libs/persistence/src/sql/sql-client.ts': 'SqlClient itself: the one place a statement meets the pg driver (transaction connection, pool, replica)',
  'libs/persistence/src/sql/pool-query.ts': "SqlClient's and the replica's statement on a pooled connection, which a refused statement must not discard",
  'libs/persistence/src/replica/read-replica.ts':
    "the replica's own pool and the lag probe on the primary's pool, neither routed through SqlClient (which depends on it)",
  'libs/persistence/src/replica/replica-routing.ts': "wraps TypeORM's query runner to route its statements; it forwards them and sends none of its own",
  'libs/persistence/src/migration-runner.ts': 'admin statements before any repository exists: the migration advisory lock and CREATE DATABASE',
  'libs/persistence/src/sql/pg-channel-listener.ts': 'LISTEN on its own long-lived connection, which no pooled statement helper can hold',
};

/** Where the literal patterns of database code are also refused (outside it `as Array<{` has other uses). */
const DATABASE_CODE = ['libs/persistence/', 'libs/adapters/'];

const STATEMENT_METHODS = new Set(['query', 'rows', 'run']);

interface Finding {
  rule: 'as Tx' | 'row cast' | '.query(';
  where: string;
  text: string;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The expression under parentheses, `await`, `!` and `.rows`/`[0]` access. */
function operand(node: ts.Expression): ts.Expression {
  let e = node;
  for (;;) {
    if (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
    else if (ts.isElementAccessExpression(e)) e = e.expression;
    else if (ts.isPropertyAccessExpression(e) && e.name.text === 'rows') e = e.expression;
    else return e;
  }
}

function isStatementCall(e: ts.Expression): boolean {
  return ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && STATEMENT_METHODS.has(e.expression.name.text);
}

/** Every finding of the three rules in one file's text. */
function findings(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Finding[] = [];
  const at = (node: ts.Node) => `${file}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const snippet = (node: ts.Node) => node.getText(source).replace(/\s+/g, ' ').slice(0, 120);
  const database = DATABASE_CODE.some((prefix) => file.startsWith(prefix));
  const visit = (node: ts.Node): void => {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) {
      const type = node.type.getText(source);
      if (/^Tx\b/.test(type)) out.push({ rule: 'as Tx', where: at(node), text: snippet(node) });
      else if (
        isStatementCall(operand(node.expression)) ||
        /^(readonly\s+)?(Array<\s*)?\w*Rows?\b/.test(type) ||
        (database && /^(\[|Array<\s*\{)/.test(type) && ts.isParenthesizedExpression(node.expression))
      ) {
        out.push({ rule: 'row cast', where: at(node), text: snippet(node) });
      }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'query') {
      out.push({ rule: '.query(', where: at(node), text: snippet(node.expression) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('typed SQL across apps/ and libs/ (docs/architecture.md "Typed SQL")', () => {
  it('catches each rule on a sample', () => {
    const rules = (file: string, code: string) => findings(file, code).map((f) => f.rule);
    expect(rules('libs/x/a.ts', 'const m = (this.tx as Tx).manager;')).toEqual(['as Tx']);
    expect(rules('libs/x/a.ts', 'const rows = (await this.m.query(`SELECT 1`, [])) as Row[];')).toEqual(['row cast', '.query(']);
    expect(rules('apps/x/a.ts', 'const [row] = (await db.query(`SELECT 1 AS n`)) as Array<{ n: number }>;')).toEqual(['row cast', '.query(']);
    expect(rules('libs/x/a.ts', 'const r = (await manager.query(text, values)) as [unknown[], number];')).toEqual(['row cast', '.query(']);
    expect(rules('libs/x/a.ts', 'const rows = (await this.sql.rows(text, [])) as unknown as QuoteRow[];')).toContain('row cast');
    expect(rules('libs/x/a.ts', 'const rows = (await pool.query(text)).rows as ChargeRow[];')).toContain('row cast');
    expect(rules('libs/x/a.ts', 'const row = untyped as HoldRow;')).toEqual(['row cast']);
    expect(rules('libs/persistence/src/x.ts', 'const r = (await run()) as [unknown, number];')).toEqual(['row cast']);
    expect(rules('libs/x/a.ts', 'await this.repo.query(`DELETE FROM t`);')).toEqual(['.query(']);
    // Typed the house way: nothing to find.
    expect(rules('libs/x/a.ts', 'const rows = await this.sql.run(byId, [tenantId, id]); const n = await this.sql.rows<CountRow>(text, values);')).toEqual([]);
    expect(rules('apps/x/a.ts', 'const params = (op.parameters ?? []) as Array<{ name: string }>; const q = req.query;')).toEqual([]);
  });

  const files = ['apps', 'libs'].flatMap((dir) => sourceFiles(join(ROOT, dir))).map((path) => relative(ROOT, path).split('\\').join('/'));
  const all = files.flatMap((file) => findings(file, readFileSync(join(ROOT, file), 'utf8')));
  const fileOf = (f: Finding) => f.where.slice(0, f.where.lastIndexOf(':'));

  it('scans the source tree', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain('libs/persistence/src/sql/sql-client.ts');
  });

  it('has no `as Tx` and no cast of query rows', () => {
    const found = all.filter((f) => f.rule !== '.query(');
    expect(found.map((f) => `${f.where} ${f.rule}: ${f.text}`)).toEqual([]);
  });

  it('calls `.query(` only where the driver must be spoken to directly', () => {
    const found = all.filter((f) => f.rule === '.query(' && !(fileOf(f) in ALLOWED_QUERY_CALLS));
    expect(found.map((f) => `${f.where}: ${f.text}(`)).toEqual([]);
  });

  it('keeps its allow-lists true: every entry exists and still needs its place', () => {
    const stale = Object.keys(ALLOWED_QUERY_CALLS).filter((file) => !all.some((f) => f.rule === '.query(' && fileOf(f) === file));
    expect(stale).toEqual([]);
  });
});
