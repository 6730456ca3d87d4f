import { Module } from '@nestjs/common';
import { CatalogModule } from '@hcs/domain';
import { AdminCatalogController } from './admin-catalog.controller';
import { AdminStayRestrictionsController } from './admin-stay-restrictions.controller';

@Module({ imports: [CatalogModule], controllers: [AdminCatalogController, AdminStayRestrictionsController] })
export class AdminCatalogModule {}
