import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/**
 * The layering of docs/architecture.md holds by lint: each forbidden import below must fail
 * `no-restricted-imports`, and the allowed ones must pass. ESLint runs in a child process (its flat
 * config is ESM) on virtual files, so nothing is written to the tree.
 */
const ROOT = resolve(__dirname, '../..');

interface Case {
  file: string;
  code: string;
}

function lint(cases: Case[]): Array<{ file: string; rules: string[] }> {
  const script = `
    import { ESLint } from 'eslint';
    const cases = JSON.parse(process.argv[1]);
    const eslint = new ESLint({ cwd: ${JSON.stringify(ROOT)} });
    const out = [];
    for (const c of cases) {
      const [result] = await eslint.lintText(c.code, { filePath: c.file });
      out.push({ file: c.file, rules: result.messages.map((m) => m.ruleId ?? m.message) });
    }
    process.stdout.write(JSON.stringify(out));
  `;
  const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(cases)], { cwd: ROOT, encoding: 'utf8' });
  return JSON.parse(stdout) as Array<{ file: string; rules: string[] }>;
}

const forbidden: Case[] = [
  { file: 'libs/domain/src/booking/forbidden.ts', code: "import { DataSource } from 'typeorm';\nexport const x = DataSource;\n" },
  { file: 'libs/domain/src/booking/forbidden.ts', code: "import { Queue } from 'bullmq';\nexport const x = Queue;\n" },
  { file: 'libs/domain/src/booking/forbidden.ts', code: "import { ApiProperty } from '@nestjs/swagger';\nexport const x = ApiProperty;\n" },
  { file: 'libs/domain/src/booking/forbidden.ts', code: "import { PersistenceModule } from '@hcs/persistence';\nexport const x = PersistenceModule;\n" },
  { file: 'libs/domain/src/booking/forbidden.spec.ts', code: "import { TENANT } from '../../../../test/support/factories';\nexport const x = TENANT;\n" },
  { file: 'libs/persistence/src/forbidden.ts', code: "import { AdaptersModule } from '@hcs/adapters';\nexport const x = AdaptersModule;\n" },
  { file: 'libs/platform/src/forbidden.ts', code: "import { DomainError } from '@hcs/domain';\nexport const x = DomainError;\n" },
  { file: 'libs/contracts/src/forbidden.ts', code: "import { AppConfig } from '@hcs/platform';\nexport const x = AppConfig;\n" },
  { file: 'libs/auth/src/forbidden.ts', code: "import { PersistenceModule } from '@hcs/persistence';\nexport const x = PersistenceModule;\n" },
  { file: 'libs/adapters/src/forbidden.ts', code: "import { bootstrap } from '../../../apps/api/src/bootstrap';\nexport const x = bootstrap;\n" },
  { file: 'apps/worker/src/forbidden.ts', code: "import { ApiModule } from '../../api/src/api.module';\nexport const x = ApiModule;\n" },
];

const allowed: Case[] = [
  {
    file: 'libs/domain/src/booking/allowed.ts',
    code: "import { Injectable } from '@nestjs/common';\nimport { AppConfig } from '@hcs/platform';\nexport const x = [Injectable, AppConfig];\n",
  },
  {
    file: 'libs/persistence/src/allowed.ts',
    code: "import { DataSource } from 'typeorm';\nimport { HoldRepository } from '@hcs/domain';\nexport const x = [DataSource, HoldRepository];\n",
  },
  { file: 'libs/adapters/src/allowed.ts', code: "import { TransactionHost } from '@hcs/persistence';\nexport const x = TransactionHost;\n" },
  { file: 'apps/api/src/allowed.ts', code: "import { ServiceCoreModule } from '@hcs/adapters';\nexport const x = ServiceCoreModule;\n" },
];

describe('import rules (docs/architecture.md)', () => {
  it('fails the lint on every forbidden import and passes the allowed ones', () => {
    const results = lint([...forbidden, ...allowed]);
    const forbiddenResults = results.slice(0, forbidden.length);
    const allowedResults = results.slice(forbidden.length);
    for (const r of forbiddenResults)
      expect({ file: r.file, restricted: r.rules.includes('no-restricted-imports') }).toEqual({ file: r.file, restricted: true });
    for (const r of allowedResults)
      expect({ file: r.file, rules: r.rules.filter((rule) => rule === 'no-restricted-imports') }).toEqual({ file: r.file, rules: [] });
  });
});
