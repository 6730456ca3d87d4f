export * from './ports/tenant.repository';
export * from './tenancy.module';
export * from './use-cases/create-tenant.use-case';
