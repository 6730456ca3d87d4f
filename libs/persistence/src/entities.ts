import { DailyRateOrmEntity } from './catalog/daily-rate.orm-entity';
import { FxRateOrmEntity } from './catalog/fx-rate.orm-entity';
import { InventoryNightOrmEntity } from './catalog/inventory-night.orm-entity';
import { PolicyOrmEntity } from './catalog/policy.orm-entity';
import { PropertyOrmEntity } from './catalog/property.orm-entity';
import { RatePlanOrmEntity } from './catalog/rate-plan.orm-entity';
import { RoomTypeOrmEntity } from './catalog/room-type.orm-entity';
import { CredentialOrmEntity } from './identity/credential.orm-entity';
import { PrincipalOrmEntity } from './identity/principal.orm-entity';
import { SigningKeyOrmEntity } from './identity/signing-key.orm-entity';
import { TenantOrmEntity } from './tenancy/tenant.orm-entity';

/** Every TypeORM entity. A new entity file is added here too. */
export const ENTITIES = [
  TenantOrmEntity,
  PrincipalOrmEntity,
  CredentialOrmEntity,
  SigningKeyOrmEntity,
  PropertyOrmEntity,
  PolicyOrmEntity,
  RoomTypeOrmEntity,
  RatePlanOrmEntity,
  DailyRateOrmEntity,
  InventoryNightOrmEntity,
  FxRateOrmEntity,
];
