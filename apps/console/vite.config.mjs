import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// The admin console (docs/console.md): built into dist/console, served by the api at /console.
// Preact's automatic JSX runtime needs no plugin.
export default defineConfig({
  root: import.meta.dirname,
  base: '/console/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: resolve(import.meta.dirname, '../../dist/console'),
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
  },
  // `vite` dev server for console work: proxies the API of a running `npm start`.
  server: { proxy: { '/v1': 'http://localhost:3000', '/openapi.json': 'http://localhost:3000' } },
});
