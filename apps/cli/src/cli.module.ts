import { DynamicModule, Module } from '@nestjs/common';
import { AuthCoreModule } from '@hcs/auth';
import { CatalogModule, DelegationModule, IdentityModule, TenancyModule } from '@hcs/domain';
import { PersistenceModule } from '@hcs/persistence';
import { AppConfig, ConfigModule, RequestContextModule } from '@hcs/platform';
import { BenchSeed } from './seed/bench-seed.service';
import { DemoSeed } from './seed/demo-seed.service';
import { IdentityChangesModule } from './identity-changes.module';

/** What operator commands need: the same use cases as the api, without HTTP or queues. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        RequestContextModule,
        PersistenceModule.forRoot(),
        TenancyModule,
        IdentityModule,
        DelegationModule,
        AuthCoreModule,
        CatalogModule,
        IdentityChangesModule,
      ],
      providers: [DemoSeed, BenchSeed],
    };
  }
}
