import { Module } from '@nestjs/common';
import { DiscoveryModule as NestDiscoveryModule } from '@nestjs/core';
import { DiscoveryController } from './discovery.controller';
import { ErrorCatalogController } from './error-catalog.controller';
import { OpenApiController } from './openapi.controller';
import { OpenApiDocument } from './openapi.document';
import { RouteTable } from './route-table';
import { RenderedDocuments } from './rendered-documents';

@Module({
  imports: [NestDiscoveryModule],
  controllers: [DiscoveryController, ErrorCatalogController, OpenApiController],
  providers: [RouteTable, OpenApiDocument, RenderedDocuments],
  exports: [RouteTable, OpenApiDocument],
})
export class DiscoveryModule {}
