import { Module } from '@nestjs/common';
import { CatalogModule } from '@hcs/domain';
import { PropertiesController } from './properties.controller';

@Module({ imports: [CatalogModule], controllers: [PropertiesController] })
export class PropertiesModule {}
