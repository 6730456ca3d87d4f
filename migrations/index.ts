import { Foundation1763800000000 } from './1763800000000-Foundation';
import { Identity1763900000000 } from './1763900000000-Identity';
import { Catalog1764000000000 } from './1764000000000-Catalog';
import { CatalogSearchIndexes1764000000001 } from './1764000000001-CatalogSearchIndexes';
import { BookingChain1764100000000 } from './1764100000000-BookingChain';
import { PaymentAttemptRecovery1764200000000 } from './1764200000000-PaymentAttemptRecovery';
import { GuestFollowUps1764370000000 } from './1764370000000-GuestFollowUps';

/** Every migration, in order. A new migration file is added here too. */
export const MIGRATIONS = [
  Foundation1763800000000,
  Identity1763900000000,
  Catalog1764000000000,
  CatalogSearchIndexes1764000000001,
  BookingChain1764100000000,
  PaymentAttemptRecovery1764200000000,
  GuestFollowUps1764370000000,
];
