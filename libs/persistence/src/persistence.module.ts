import { Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import { CredentialRepository, DelegationIssuerRepository, PrincipalRepository, SigningKeyRepository, TenantRepository } from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { dataSourceOptions } from './data-source';
import { TypeOrmDelegationIssuerRepository } from './delegation/typeorm-delegation-issuer.repository';
import { TypeOrmCredentialRepository } from './identity/typeorm-credential.repository';
import { TypeOrmPrincipalRepository } from './identity/typeorm-principal.repository';
import { TypeOrmSigningKeyRepository } from './identity/typeorm-signing-key.repository';
import { TypeOrmTenantRepository } from './tenancy/typeorm-tenant.repository';

const repositories = [
  { provide: TenantRepository, useClass: TypeOrmTenantRepository },
  { provide: PrincipalRepository, useClass: TypeOrmPrincipalRepository },
  { provide: CredentialRepository, useClass: TypeOrmCredentialRepository },
  { provide: SigningKeyRepository, useClass: TypeOrmSigningKeyRepository },
  { provide: DelegationIssuerRepository, useClass: TypeOrmDelegationIssuerRepository },
];

/**
 * Postgres through TypeORM, transactions carried in the async context (`@Transactional()`), and
 * every repository port bound to its TypeORM implementation.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({ inject: [AppConfig], useFactory: (config: AppConfig) => dataSourceOptions(config) }),
    ClsModule.registerPlugins([
      new ClsPluginTransactional({
        imports: [TypeOrmModule],
        adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: getDataSourceToken() }),
      }),
    ]),
  ],
  providers: repositories,
  exports: repositories.map((r) => r.provide),
})
export class PersistenceModule {}
