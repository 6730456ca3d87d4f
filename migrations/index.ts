import { Foundation1763800000000 } from './1763800000000-Foundation';
import { Catalog1764000000000 } from './1764000000000-Catalog';
import { CatalogSearchIndexes1764000000001 } from './1764000000001-CatalogSearchIndexes';

/** Every migration, in order. A new migration file is added here too. */
export const MIGRATIONS = [Foundation1763800000000, Catalog1764000000000, CatalogSearchIndexes1764000000001];
