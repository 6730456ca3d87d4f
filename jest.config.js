// Test tiers (docs/architecture.md "Tests"): unit specs sit beside the code; architecture, persistence and e2e
// specs live in test/.
const esmPackages = [
  '@nestjs',
  '@apidevtools/json-schema-ref-parser',
  'jose',
  '@modelcontextprotocol',
  'zod',
  'file-type',
  'strtok3',
  'token-types',
  'uint8array-extras',
  '@tokenizer',
  'load-esm',
];
const shared = {
  transform: { '^.+\\.(t|j|mj)s$': '<rootDir>/test/support/esm-transformer.js' },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: {
    '^@hcs/(contracts|domain|persistence|adapters|auth|platform)$': '<rootDir>/libs/$1/src',
  },
  testEnvironment: 'node',
};
module.exports = {
  // Global: Jest ignores testTimeout inside a project.
  testTimeout: 30000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/{apps,libs}/**/*.spec.ts'] },
    // Rules over the source tree (layering, import cycles, typed SQL, constructor size): no database,
    // no Redis, no global setup.
    { ...shared, displayName: 'architecture', testMatch: ['<rootDir>/test/architecture/**/*.arch-spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
    {
      // Faults that start a topology of their own (killed processes, Redis down, a Redis Cluster
      // master lost, a pooler in front of Postgres): `npm run test:faults`, a stage of `.ci/run` of
      // its own after `npm test` (docs/operations-faults.md).
      ...shared,
      displayName: 'faults',
      testMatch: ['<rootDir>/test/**/*.fault-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
    {
      // Repositories and SQL adapters against the real test database, without HTTP
      // (docs/architecture.md "Tests"): same database, migrations and environment as e2e.
      ...shared,
      displayName: 'persistence',
      testMatch: ['<rootDir>/test/persistence/**/*.persistence-spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/test-env.ts'],
    },
  ],
};
