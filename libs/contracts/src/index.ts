export * from './envelope';
export * from './error-catalog';
export * from './next-action';
export * from './receipt';
export * from './frozen';
export * from './kept-outcome';
