import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPENAPI_SNAPSHOT, snapshotOf } from '../../../apps/api/src/discovery/openapi-snapshot';
import { startTestApp, TestApp } from '../../support/test-app';

/**
 * The console's wire types are generated in the build from the committed snapshot of the OpenAPI
 * document (docs/console.md "Wire types"): this proves the snapshot is the document the api serves.
 * After a change to a route or a DTO: `UPDATE_OPENAPI_SNAPSHOT=1 npx jest test/e2e/console/openapi-snapshot`.
 */
describe('the committed OpenAPI snapshot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(() => t.close());

  it('is the live /openapi.json (servers aside)', async () => {
    const live = snapshotOf((await t.http().get('/openapi.json').expect(200)).body);
    const file = join(__dirname, '..', '..', '..', OPENAPI_SNAPSHOT);
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') writeFileSync(file, live);
    expect(readFileSync(file, 'utf8')).toBe(live);
  });
});
