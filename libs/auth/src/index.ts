export * from './decorators/auth.decorators';
