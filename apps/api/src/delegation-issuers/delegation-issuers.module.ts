import { Module } from '@nestjs/common';
import { DelegationModule } from '@hcs/domain';
import { DelegationIssuersDiscoveryController } from './delegation-issuers-discovery.controller';
import { DelegationIssuersController } from './delegation-issuers.controller';

@Module({ imports: [DelegationModule], controllers: [DelegationIssuersController, DelegationIssuersDiscoveryController] })
export class DelegationIssuersModule {}
