/**
 * The api with some of its framework patches reverted to the framework's own behaviour, for
 * measuring what each patch pays on the chain (`npm run bench -- --only patches`,
 * docs/performance.md "Framework patches"). Unlike pipeline-switches.ts nothing is switched off:
 * a reverted api answers exactly as the real one does, only by the framework's own path.
 * PATCHES_REVERTED=prototypes (names below).
 */
import 'reflect-metadata';

export const FRAMEWORK_PATCHES = [
  // Requests and responses born with Express's prototypes (`expressHttpServer`): reverted, node's
  // own server and Express's prototype switch on every request.
  'prototypes',
] as const;
export type FrameworkPatch = (typeof FRAMEWORK_PATCHES)[number];

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
const load = (path: string): any => require(path);

/** Reverts each named patch; call before the api boots. */
export function revertPatches(patches: readonly FrameworkPatch[]): void {
  const api = '../../apps/api/src';
  for (const patch of patches) {
    switch (patch) {
      case 'prototypes': {
        const { ExpressAdapter } = load('@nestjs/platform-express');
        load(`${api}/http/api-express.adapter`).ApiExpressAdapter.prototype.initHttpServer = ExpressAdapter.prototype.initHttpServer;
        break;
      }
    }
  }
}
