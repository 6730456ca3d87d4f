import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

// Layering (docs/architecture.md): which library may import which. One block per library, since a
// later `no-restricted-imports` setting replaces an earlier one for the same file.
const noApps = { group: ['**/apps/**', 'apps/**'], message: 'A library never imports an app (docs/architecture.md).' };
const noTestSupport = {
  group: ['**/test/**', 'test/**'],
  message: 'Libraries never import from test/: domain fakes live in libs/domain/src/testing/ (docs/architecture.md).',
};
const hcs = (names, why) => ({ group: names.map((n) => `@hcs/${n}`), message: why });
const layer = (files, patterns, paths = [], ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { paths, patterns }] } });
const infrastructure = [
  'typeorm',
  '@nestjs/typeorm',
  'pg',
  'bullmq',
  '@nestjs/bullmq',
  'ioredis',
  'express',
  '@nestjs/platform-express',
  '@nestjs/swagger',
  'nodemailer',
  '@nestjs-cls/transactional-adapter-typeorm',
];
const layering = [
  layer(
    ['libs/contracts/**/*.ts'],
    [noApps, noTestSupport, hcs(['platform', 'domain', 'persistence', 'adapters', 'auth'], 'contracts import nothing of ours.')],
  ),
  // A platform spec may check a domain rule against the same table (outbound-url.spec.ts); its code may not.
  layer(
    ['libs/platform/**/*.ts'],
    [noApps, noTestSupport, hcs(['domain', 'persistence', 'adapters', 'auth'], 'platform sits under the domain: it imports contracts only.')],
    [],
    ['**/*.spec.ts'],
  ),
  layer(['libs/platform/**/*.spec.ts'], [noApps, noTestSupport, hcs(['persistence', 'adapters', 'auth'], 'platform specs reach no further than the domain.')]),
  layer(
    ['libs/domain/**/*.ts'],
    [
      noApps,
      noTestSupport,
      hcs(['persistence', 'adapters', 'auth'], 'The domain reaches storage and the outside world through its ports only.'),
      { group: infrastructure.map((p) => `${p}/*`), message: 'The domain is free of infrastructure.' },
    ],
    infrastructure.map((name) => ({
      name,
      message: 'The domain is free of database, queue and HTTP frameworks: declare a port and implement it in libs/persistence or libs/adapters.',
    })),
  ),
  layer(
    ['libs/persistence/**/*.ts'],
    [noApps, noTestSupport, hcs(['adapters', 'auth'], 'persistence is database code only: it never imports adapters or auth.')],
  ),
  layer(['libs/adapters/**/*.ts'], [noApps, noTestSupport, hcs(['auth'], 'adapters never import auth.')]),
  layer(['libs/auth/**/*.ts'], [noApps, noTestSupport, hcs(['persistence', 'adapters'], 'auth reaches storage through domain ports only.')]),
  layer(['apps/api/**/*.ts'], [{ group: ['**/worker/src/**', '**/cli/src/**', '**/console/src/**'], message: 'An app never imports another app.' }]),
  layer(['apps/worker/**/*.ts'], [{ group: ['**/api/src/**', '**/cli/src/**', '**/console/src/**'], message: 'An app never imports another app.' }]),
  layer(['apps/cli/**/*.ts'], [{ group: ['**/api/src/**', '**/worker/src/**', '**/console/src/**'], message: 'An app never imports another app.' }]),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      '.data/**',
      'test/support/esm-transformer.js',
      'test/support/longest-first.sequencer.js',
      'jest.config.js',
      'apps/console/src/api/openapi.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { parserOptions: { sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "Property[key.name='synchronize'][value.value=true]", message: 'Schema changes go through migrations only.' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.fault-spec.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  ...layering,
);
