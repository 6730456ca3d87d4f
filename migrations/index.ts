import { Foundation1763800000000 } from './1763800000000-Foundation';
import { Catalog1764000000000 } from './1764000000000-Catalog';

/** Every migration, in order. A new migration file is added here too. */
export const MIGRATIONS = [Foundation1763800000000, Catalog1764000000000];
