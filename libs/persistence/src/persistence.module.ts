import { Global, Module } from '@nestjs/common';
import { getDataSourceToken, TypeOrmModule } from '@nestjs/typeorm';
import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { ClsModule } from 'nestjs-cls';
import {
  AvailabilitySearchRepository,
  CredentialRepository,
  DailyRateRepository,
  FxRateRepository,
  InventoryRepository,
  PolicyRepository,
  PrincipalRepository,
  PropertyRepository,
  RatePlanRepository,
  RoomTypeRepository,
  SeedRepository,
  TenantRepository,
} from '@hcs/domain';
import { AppConfig } from '@hcs/platform';
import { TypeOrmDailyRateRepository } from './catalog/typeorm-daily-rate.repository';
import { TypeOrmFxRateRepository } from './catalog/typeorm-fx-rate.repository';
import { TypeOrmInventoryRepository } from './catalog/typeorm-inventory.repository';
import { TypeOrmPolicyRepository } from './catalog/typeorm-policy.repository';
import { TypeOrmPropertyRepository } from './catalog/typeorm-property.repository';
import { TypeOrmRatePlanRepository } from './catalog/typeorm-rate-plan.repository';
import { TypeOrmRoomTypeRepository } from './catalog/typeorm-room-type.repository';
import { dataSourceOptions } from './data-source';
import { TypeOrmCredentialRepository } from './identity/typeorm-credential.repository';
import { TypeOrmPrincipalRepository } from './identity/typeorm-principal.repository';
import { TypeOrmSeedRepository } from './seed/typeorm-seed.repository';
import { TypeOrmAvailabilitySearchRepository } from './search/typeorm-availability-search.repository';
import { TypeOrmTenantRepository } from './tenancy/typeorm-tenant.repository';

const repositories = [
  { provide: TenantRepository, useClass: TypeOrmTenantRepository },
  { provide: PrincipalRepository, useClass: TypeOrmPrincipalRepository },
  { provide: CredentialRepository, useClass: TypeOrmCredentialRepository },
  { provide: PropertyRepository, useClass: TypeOrmPropertyRepository },
  { provide: RoomTypeRepository, useClass: TypeOrmRoomTypeRepository },
  { provide: RatePlanRepository, useClass: TypeOrmRatePlanRepository },
  { provide: PolicyRepository, useClass: TypeOrmPolicyRepository },
  { provide: InventoryRepository, useClass: TypeOrmInventoryRepository },
  { provide: DailyRateRepository, useClass: TypeOrmDailyRateRepository },
  { provide: FxRateRepository, useClass: TypeOrmFxRateRepository },
  { provide: AvailabilitySearchRepository, useClass: TypeOrmAvailabilitySearchRepository },
  { provide: SeedRepository, useClass: TypeOrmSeedRepository },
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
