// class-transformer keeps `@Type(() => Dto)` in a storage it exports only from its CommonJS build
// (no types there under the `node10` resolution of this project): point it at its own declaration.
declare module 'class-transformer/cjs/storage' {
  export * from 'class-transformer/types/storage';
}
