import { DelegationIssuerOrmEntity } from './delegation/delegation-issuer.orm-entity';
import { CredentialOrmEntity } from './identity/credential.orm-entity';
import { PrincipalOrmEntity } from './identity/principal.orm-entity';
import { SigningKeyOrmEntity } from './identity/signing-key.orm-entity';
import { IdempotencyRecordOrmEntity } from './idempotency/idempotency-record.orm-entity';
import { OutboxEventOrmEntity } from './outbox/outbox-event.orm-entity';
import { TenantOrmEntity } from './tenancy/tenant.orm-entity';

/** Every TypeORM entity. A new entity file is added here too. */
export const ENTITIES = [
  TenantOrmEntity,
  PrincipalOrmEntity,
  CredentialOrmEntity,
  IdempotencyRecordOrmEntity,
  OutboxEventOrmEntity,
  SigningKeyOrmEntity,
  DelegationIssuerOrmEntity,
];
