import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import type { Reader } from '../../identity/principal';
import { FeedReader } from '../ports/feed.reader';
import type { ConditionalRequest, FeedAriProperty, FeedRead } from '../feed.types';
import { AriNight, AriNightPlanner, AriPlan } from '../rules/ari-night';
import { ariCheckIns, ariDateRange, latestDayStart } from '../rules/ari-window';
import { isNotModified, strongEtag, toHttpSecond } from '../rules/feed-validators';
import { EMPTY_FEED_LAST_MODIFIED } from './get-hotel-list-feed.use-case';

export interface AriFeedQuery {
  days: number;
  conditional: ConditionalRequest;
  now: Date;
}

/** A property's room types and rate plans (Google's PropertyDataSet). */
export interface AriPropertyData {
  propertyId: string;
  plans: AriPlan[];
}

/**
 * The ARI document: its timestamp and id (both derived from the validators, so the same ETag is
 * always the same bytes), then two passes over the promoted properties in id order: their room
 * and package data, then one night per property and check-in date.
 */
export interface AriDocument {
  timestamp: Date;
  id: string;
  /** The account the message is for: the tenant. */
  partner: string;
  propertyData: () => AsyncIterable<AriPropertyData[]>;
  nights: () => AsyncIterable<AriNight[]>;
}

const PROPERTY_BATCH = 100;

/** The ARI feed of the reader's tenant (docs/feeds.md): prices from the quote's pricing rule, rooms left from inventory. */
@Injectable()
export class GetAriFeed {
  constructor(private readonly source: FeedReader) {}

  async execute(query: AriFeedQuery, reader: Reader): Promise<Outcome<FeedRead<AriDocument>>> {
    const { tenantId } = reader;
    const { days, now } = query;
    const freshness = await this.source.freshness(tenantId, 'ari');
    const zones = [...freshness.timezones].sort();
    const windowStarts = zones.map((zone) => `${zone}=${ariCheckIns(zone, 1, now)[0]}`);
    const dayStart = latestDayStart(zones, now);
    const changed = [freshness.lastChange, dayStart].filter((d): d is Date => d !== null).map((d) => d.getTime());
    const validators = {
      etag: strongEtag(['ari', tenantId, days, freshness.fingerprint, ...windowStarts]),
      lastModified: toHttpSecond(changed.length > 0 ? new Date(Math.max(...changed)) : EMPTY_FEED_LAST_MODIFIED),
    };
    if (isNotModified(validators, query.conditional)) return new Outcome({ validators, notModified: true });

    const range = ariDateRange(zones, days, now);
    const source = this.source;
    const document: AriDocument = {
      timestamp: validators.lastModified,
      id: validators.etag.slice(1, -1),
      partner: tenantId,
      propertyData: async function* () {
        for await (const batch of source.ariProperties(tenantId, null, PROPERTY_BATCH)) {
          yield batch.map((property) => ({ propertyId: property.id, plans: new AriNightPlanner(property).plans }));
        }
      },
      nights: async function* () {
        const checkIns = new Map<string, string[]>();
        for await (const batch of source.ariProperties(tenantId, range, PROPERTY_BATCH)) {
          for (const property of batch) {
            let dates = checkIns.get(property.timezone);
            if (!dates) checkIns.set(property.timezone, (dates = ariCheckIns(property.timezone, days, now)));
            yield nightsOf(property, dates);
          }
        }
      },
    };
    return new Outcome({ validators, notModified: false, document });
  }
}

function nightsOf(property: FeedAriProperty, checkIns: string[]): AriNight[] {
  const planner = new AriNightPlanner(property, checkIns[0] ?? null);
  return checkIns.map((checkIn) => planner.night(checkIn));
}
