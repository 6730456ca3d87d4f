import { DynamicModule, ForwardReference, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE } from '@nestjs/core';
import { AppConfig, ConfigModule, LoggingModule, QueuesModule, RedisModule, RequestContextModule } from '@hcs/platform';
import { AuthModule } from '@hcs/auth';
import { TenancyModule } from '@hcs/domain';
import { PersistenceModule } from '@hcs/persistence';
import { AdminAgentsModule } from './admin-agents/admin-agents.module';
import { DelegationIssuersModule } from './delegation-issuers/delegation-issuers.module';
import { DiscoveryModule } from './discovery/discovery.module';
import { HealthModule } from './health/health.module';
import { OAuthModule } from './oauth/oauth.module';
import { EnvelopeInterceptor } from './http/envelope.interceptor';
import { ErrorEnvelopeFilter } from './http/error-envelope.filter';
import { RequestValidationPipe } from './http/request-validation.pipe';

/** The HTTP application: platform, persistence, the envelope pipeline and every capability module. */
@Module({})
export class ApiModule {
  static forRoot(config: AppConfig, extra: Array<Type | DynamicModule | ForwardReference> = []): DynamicModule {
    return {
      module: ApiModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule.forRoot(),
        RequestContextModule,
        RedisModule,
        PersistenceModule,
        QueuesModule.forRoot(),
        TenancyModule,
        AuthModule,
        HealthModule,
        DiscoveryModule,
        AdminAgentsModule,
        OAuthModule,
        DelegationIssuersModule,
        ...extra,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_INTERCEPTOR, useClass: EnvelopeInterceptor },
        { provide: APP_PIPE, useClass: RequestValidationPipe },
      ],
    };
  }
}
