import { Injectable } from '@nestjs/common';
import {
  epochDay,
  isoDateOfEpochDay,
  NightOccupancy,
  plusDays,
  QuoteSource,
  QuoteSourceQuery,
  QuoteSourceReader,
  RestrictionsByDate,
  StayRestrictions,
} from '@hcs/domain';
import { frozen } from '@hcs/contracts';
import { AppConfig, TtlCache } from '@hcs/platform';
import { CatalogChangeFeed, CatalogVersion, sameCatalogVersion } from '../catalog/catalog-change-feed';
import { catalogCopyMs } from '../catalog/cached-property-catalog.reader';
import { NightWindow, SqlQuoteSourceReader } from './sql-quote-source.reader';

/** At most this many rate plans' sources kept per process; the oldest go first. */
export const QUOTE_SOURCE_ENTRIES = 500;
/**
 * Nights are kept by blocks of this many, counted from 1970-01-01: a miss reads the rates of its
 * first night's block and the next one, so every stay that starts in the block (30 nights at most)
 * lies in what it read, and stays spread over a year fill a plan's copy in a dozen misses.
 */
export const QUOTE_SOURCE_BLOCK_NIGHTS = 32;
/** Blocks kept per rate plan (a year and a half); a plan asked for more starts over with the newest. */
export const QUOTE_SOURCE_BLOCKS = 16;

type CatalogPart = Omit<QuoteSource, 'dailyRates' | 'restrictions' | 'dailyOccupancy'>;

interface Kept {
  catalog: CatalogPart;
  /** Blocks (first epoch day) whose window's rates are all in `rates` (a night without one has the base rate). */
  blocks: Set<number>;
  rates: Map<string, number>;
  /** Stay restrictions of the dates of those windows that have any (a window's last date included: a check-out date). */
  restrictions: Map<string, Partial<StayRestrictions>>;
  /** Nights of those blocks that set their own party prices. */
  occupancy: Map<string, NightOccupancy>;
  version: CatalogVersion;
}

/**
 * The rows a quote is priced from, from memory (docs/catalog.md, "Quotes priced from memory"): each
 * api process keeps, per rate plan, its property, room type, rate plan and policy and the daily
 * rates and stay restrictions of windows of nights around the stays it was asked to price, and answers from them until
 * the tenant's catalog version moves (`CatalogChangeFeed`: any committed change of the catalog or
 * its daily rates, from anywhere, heard through Postgres). A miss reads, in the same one
 * statement, the rates of a window of nights around the stay (`QUOTE_SOURCE_BLOCK_NIGHTS`), so the
 * next stays nearby are hits. As for the
 * property read: a read that raced a change is not kept, nothing is kept while changes cannot be
 * heard, ids that do not name a rate plan of a room type of a promoted property are never kept,
 * and a copy answers for 60 s at most (no longer than `DATABASE_READ_MAX_LAG_SECONDS` with a
 * replica).
 *
 * What is kept is frozen: the domain reads it and never writes it.
 */
@Injectable()
export class CachedQuoteSourceReader extends QuoteSourceReader {
  private readonly kept = new TtlCache<string, Kept>(QUOTE_SOURCE_ENTRIES);
  private readonly keepMs: number;

  constructor(
    private readonly source: SqlQuoteSourceReader,
    private readonly changes: CatalogChangeFeed,
    config: AppConfig,
  ) {
    super();
    this.keepMs = catalogCopyMs(config);
  }

  async read(tenantId: string, query: QuoteSourceQuery): Promise<QuoteSource> {
    // Longer than a block, a stay could run past the window its block reads (the use case allows 30 nights).
    if (query.nights.length > QUOTE_SOURCE_BLOCK_NIGHTS) return this.source.read(tenantId, query);
    const name = `${tenantId} ${query.propertyId} ${query.roomTypeId} ${query.ratePlanId}`;
    const block = blockOf(query.nights);
    const hit = this.kept.get(name);
    const fresh = hit && this.changes.unchangedSince(tenantId, hit.version) ? hit : undefined;
    if (fresh && (block === null || fresh.blocks.has(block))) {
      return {
        ...fresh.catalog,
        dailyRates: ratesOf((night) => fresh.rates.get(night), query.nights),
        restrictions: restrictionsOf((date) => fresh.restrictions.get(date), query.nights),
        dailyOccupancy: ratesOf((night) => fresh.occupancy.get(night), query.nights),
      };
    }
    if (this.keepMs <= 0) return this.source.read(tenantId, query);
    // Taken before the read: a change heard while it runs may postdate the rows it returns.
    const version = this.changes.versionOf(tenantId);
    const read = await this.source.readWindow(tenantId, query, block === null ? null : windowOf(block));
    if (version && read.property && read.roomType && read.ratePlan && this.changes.unchangedSince(tenantId, version)) {
      this.keep(name, read, block, version, fresh);
    }
    return {
      ...read,
      dailyRates: ratesOf((night) => read.dailyRates[night], query.nights),
      restrictions: restrictionsOf((date) => read.restrictions[date], query.nights),
      dailyOccupancy: ratesOf((night) => read.dailyOccupancy[night], query.nights),
    };
  }

  private keep(name: string, read: QuoteSource, block: number | null, version: CatalogVersion, fresh: Kept | undefined): void {
    // A fresh copy of the same version gains the block (and keeps its expiry); anything else starts over.
    const same = fresh && sameCatalogVersion(fresh.version, version) && fresh.blocks.size < QUOTE_SOURCE_BLOCKS;
    const entry: Kept = same
      ? fresh
      : { catalog: frozen(withoutRates(read)), blocks: new Set(), rates: new Map(), restrictions: new Map(), occupancy: new Map(), version };
    if (block !== null) {
      entry.blocks.add(block);
      for (const [night, amount] of Object.entries(read.dailyRates)) entry.rates.set(night, amount);
      for (const [date, restrictions] of Object.entries(read.restrictions)) entry.restrictions.set(date, frozen(restrictions));
      for (const [night, occupancy] of Object.entries(read.dailyOccupancy)) entry.occupancy.set(night, frozen(occupancy));
    }
    if (!same) this.kept.set(name, entry, this.keepMs);
  }
}

/** The block of a stay's first night, or null for a stay of no nights (the use case refuses it). */
function blockOf(nights: string[]): number | null {
  if (nights.length === 0) return null;
  const first = epochDay(nights[0]);
  if (first === null) throw new RangeError(`not a night: ${nights[0]}`);
  return first - (first % QUOTE_SOURCE_BLOCK_NIGHTS);
}

/** The nights a block's miss reads: the block and the next, so a stay starting in it lies inside. */
function windowOf(block: number): NightWindow {
  return { from: isoDateOfEpochDay(block), to: isoDateOfEpochDay(block + 2 * QUOTE_SOURCE_BLOCK_NIGHTS) };
}

/** The rates (or party prices) of the nights asked for, out of what was kept or read. */
function ratesOf<T>(rateOf: (night: string) => T | undefined, nights: string[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const night of nights) {
    const amount = rateOf(night);
    if (amount !== undefined) out[night] = amount;
  }
  return out;
}

/** The restrictions of the stay's dates (its nights and the check-out date) out of what was kept or read. */
function restrictionsOf(restrictionsOn: (date: string) => Partial<StayRestrictions> | undefined, nights: string[]): RestrictionsByDate {
  const out: Record<string, Partial<StayRestrictions>> = {};
  if (nights.length === 0) return out;
  for (const date of [...nights, plusDays(nights[nights.length - 1], 1)]) {
    const restrictions = restrictionsOn(date);
    if (restrictions !== undefined) out[date] = restrictions;
  }
  return out;
}

function withoutRates(read: QuoteSource): CatalogPart {
  const { dailyRates: _rates, restrictions: _restrictions, dailyOccupancy: _occupancy, ...catalog } = read;
  return catalog;
}
