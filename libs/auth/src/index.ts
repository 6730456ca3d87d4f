export * from './auth.module';
export * from './decorators/auth.decorators';
export * from './guards/bearer-auth.guard';
export * from './principal/actor';
export * from './principal/current.decorators';
