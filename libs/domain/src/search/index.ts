export * from './ports/availability-search.repository';
export * from './rules/ranking';
export * from './use-cases/search-availability.use-case';
