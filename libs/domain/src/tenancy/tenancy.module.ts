import { Module } from '@nestjs/common';
import { CreateTenant } from './use-cases/create-tenant.use-case';

@Module({ providers: [CreateTenant], exports: [CreateTenant] })
export class TenancyModule {}
