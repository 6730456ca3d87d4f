// The v2 server package publishes its types under `exports` only, which the `node10` module
// resolution of this project does not read: point the package name at its CommonJS types.
declare module '@modelcontextprotocol/server' {
  export * from '@modelcontextprotocol/server/dist/index.cjs';
}
