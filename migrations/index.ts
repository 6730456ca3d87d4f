import { Foundation1763800000000 } from './1763800000000-Foundation';
import { Identity1763900000000 } from './1763900000000-Identity';
import { Catalog1764000000000 } from './1764000000000-Catalog';
import { CatalogSearchIndexes1764000000001 } from './1764000000001-CatalogSearchIndexes';
import { BookingChain1764100000000 } from './1764100000000-BookingChain';
import { PaymentAttemptRecovery1764200000000 } from './1764200000000-PaymentAttemptRecovery';
import { DelegationReplays1764350000000 } from './1764350000000-DelegationReplays';
import { BookingAuthorizationIssuer1764350000001 } from './1764350000001-BookingAuthorizationIssuer';
import { CardTokenFingerprints1764350000002 } from './1764350000002-CardTokenFingerprints';

/** Every migration, in order. A new migration file is added here too. */
export const MIGRATIONS = [
  Foundation1763800000000,
  Identity1763900000000,
  Catalog1764000000000,
  CatalogSearchIndexes1764000000001,
  BookingChain1764100000000,
  PaymentAttemptRecovery1764200000000,
  DelegationReplays1764350000000,
  BookingAuthorizationIssuer1764350000001,
  CardTokenFingerprints1764350000002,
];
