import { Module } from '@nestjs/common';
import { OversellModule } from '../oversell/oversell.module';
import { CreateProperty } from './use-cases/create-property.use-case';
import { CreateRatePlan } from './use-cases/create-rate-plan.use-case';
import { CreateRoomType } from './use-cases/create-room-type.use-case';
import { GetAdminProperty } from './use-cases/get-admin-property.use-case';
import { GetFxRates } from './use-cases/get-fx-rates.use-case';
import { GetInventoryCalendar } from './use-cases/get-inventory-calendar.use-case';
import { GetPropertyDetail } from './use-cases/get-property-detail.use-case';
import { GetPropertyFull } from './use-cases/get-property-full.use-case';
import { GetRateCalendar } from './use-cases/get-rate-calendar.use-case';
import { ListAdminProperties } from './use-cases/list-admin-properties.use-case';
import { ListProperties } from './use-cases/list-properties.use-case';
import { PromoteProperty } from './use-cases/promote-property.use-case';
import { PropertyReadModel } from './services/property-read-model';
import { PutPolicy } from './use-cases/put-policy.use-case';
import { SetDailyRates } from './use-cases/set-daily-rates.use-case';
import { SetFxRates } from './use-cases/set-fx-rates.use-case';
import { SetInventory } from './use-cases/set-inventory.use-case';
import { GetStayRestrictions } from './use-cases/get-stay-restrictions.use-case';
import { SetStayRestrictions } from './use-cases/set-stay-restrictions.use-case';
import { UpdateProperty } from './use-cases/update-property.use-case';
import { UpdateRatePlan } from './use-cases/update-rate-plan.use-case';
import { UpdateRoomType } from './use-cases/update-room-type.use-case';
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
  ListAdminProperties,
  GetAdminProperty,
  GetInventoryCalendar,
  GetRateCalendar,
  GetFxRates,
  ListProperties,
  GetPropertyDetail,
  GetPropertyFull,
  PropertyReadModel,
  SearchAvailability,
  SetStayRestrictions,
  GetStayRestrictions,
];

/** Catalog administration, catalog reads and search; repositories come from PersistenceModule. */
@Module({ imports: [OversellModule], providers: useCases, exports: useCases })
export class CatalogModule {}
