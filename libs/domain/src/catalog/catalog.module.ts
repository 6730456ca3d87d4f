import { Module } from '@nestjs/common';
import { OversellModule } from '../oversell/oversell.module';
import { CreateProperty } from './create-property.use-case';
import { CreateRatePlan } from './create-rate-plan.use-case';
import { CreateRoomType } from './create-room-type.use-case';
import { GetPropertyDetail, GetPropertyFull } from './get-property.use-case';
import { ListProperties } from './list-properties.use-case';
import { PromoteProperty } from './promote-property.use-case';
import { PropertyReadModel } from './property-read-model';
import { PutPolicy } from './put-policy.use-case';
import { ReadAdminCatalog } from './read-admin-catalog.use-case';
import { SetDailyRates } from './set-daily-rates.use-case';
import { SetFxRates } from './set-fx-rates.use-case';
import { SetInventory } from './set-inventory.use-case';
import { UpdateProperty } from './update-property.use-case';
import { UpdateRatePlan } from './update-rate-plan.use-case';
import { UpdateRoomType } from './update-room-type.use-case';
import { SearchAvailability } from '../search/use-cases/search-availability.use-case';

const useCases = [
  CreateProperty,
  UpdateProperty,
  PromoteProperty,
  CreateRoomType,
  UpdateRoomType,
  CreateRatePlan,
  UpdateRatePlan,
  PutPolicy,
  SetInventory,
  SetDailyRates,
  SetFxRates,
  ReadAdminCatalog,
  ListProperties,
  GetPropertyDetail,
  GetPropertyFull,
  PropertyReadModel,
  SearchAvailability,
];

/** Catalog administration, catalog reads and search; repositories come from PersistenceModule. */
@Module({ imports: [OversellModule], providers: useCases, exports: useCases })
export class CatalogModule {}
