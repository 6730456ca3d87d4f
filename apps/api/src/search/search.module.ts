import { Module } from '@nestjs/common';
import { CatalogModule } from '@hcs/domain';
import { SearchController } from './search.controller';

@Module({ imports: [CatalogModule], controllers: [SearchController] })
export class SearchModule {}
