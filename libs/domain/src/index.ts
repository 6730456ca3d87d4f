export * from './errors/domain-error';
export * from './identity/credential-secret';
export * from './identity/identity.repository';
export * from './identity/principal';
export * from './money/money';
export * from './tenancy/create-tenant.use-case';
export * from './tenancy/tenant';
export * from './tenancy/tenancy.module';
