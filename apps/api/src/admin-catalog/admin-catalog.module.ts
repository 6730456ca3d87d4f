import { Module } from '@nestjs/common';
import { CatalogModule } from '@hcs/domain';
import { AdminCatalogController } from './admin-catalog.controller';

@Module({ imports: [CatalogModule], controllers: [AdminCatalogController] })
export class AdminCatalogModule {}
