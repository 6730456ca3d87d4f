// Jest runs CommonJS; NestJS 12, jose and the MCP SDK ship ESM only. This transformer hands every
// file to SWC (TypeScript with decorator metadata, and ESM packages) and rewrites `import.meta.url`,
// which has no CommonJS form, into the file URL of the module.
const { createTransformer } = require('@swc/jest');

const swc = createTransformer({
  jsc: {
    parser: { syntax: 'typescript', decorators: true },
    transform: { legacyDecorator: true, decoratorMetadata: true },
    target: 'es2022',
    keepClassNames: true,
  },
  module: { type: 'commonjs', ignoreDynamic: false },
  sourceMaps: 'inline',
});

module.exports = {
  process(src, filename, options) {
    const patched = src.includes('import.meta')
      ? src
          // CommonJS already has `require`; redeclaring it breaks SWC's module wrapper.
          .replace(/const require\s*=\s*createRequire\(import\.meta\.url\);?/g, '')
          .replace(/import\.meta\.url/g, "require('url').pathToFileURL(__filename).href").replace(/import\.meta\.dirname/g, '__dirname').replace(/import\.meta\.filename/g, '__filename')
      : src;
    return swc.process(patched, filename, options);
  },
  getCacheKey(src, filename, options) {
    return swc.getCacheKey(src, filename, options) + ':esm-v2';
  },
};
