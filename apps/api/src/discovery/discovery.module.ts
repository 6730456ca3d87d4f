import { Module } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { DiscoveryController } from './discovery.controller';
import { ErrorCatalogController } from './error-catalog.controller';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocument } from './openapi.document';
import { RouteTable } from './route-table';

@Module({
  imports: [NestDiscoveryModule],
  controllers: [DiscoveryController, ErrorCatalogController, OpenApiController],
  providers: [RouteTable, OpenApiDocument],
  exports: [RouteTable, OpenApiDocument],
})
export class DiscoveryModule {}
