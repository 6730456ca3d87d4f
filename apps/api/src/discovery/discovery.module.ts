import { Module } from '@nestjs/common';
import { ErrorCatalogController } from './error-catalog.controller';

@Module({ controllers: [ErrorCatalogController] })
export class DiscoveryModule {}
