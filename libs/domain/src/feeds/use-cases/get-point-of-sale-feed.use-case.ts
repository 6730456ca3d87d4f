import { Injectable } from '@nestjs/common';
import { Outcome } from '@hcs/contracts';
import { AppConfig } from '@hcs/platform';
import type { Reader } from '../../identity/principal';
import type { ConditionalRequest, FeedRead } from '../feed.types';
import { isNotModified, strongEtag } from '../rules/feed-validators';

/** The landing page Google builds for a price: `SITE_URL` with Google's variables (docs/feeds.md). */
export interface PointOfSaleDocument {
  id: string;
  displayName: string;
  urlTemplate: string;
}

/** Bump together with the template below: the document's Last-Modified. */
const TEMPLATE_REVISED = new Date('2026-11-23T00:00:00Z');
export const POINT_OF_SALE_ID = 'website';

export interface PointOfSaleFeedQuery {
  /** The partner's If-None-Match / If-Modified-Since. */
  conditional: ConditionalRequest;
}

export function landingPageTemplate(siteUrl: string): string {
  return (
    `${siteUrl}/hotels/(PARTNER-HOTEL-ID)?check_in=(CHECKINYEAR)-(CHECKINMONTH)-(CHECKINDAY)` +
    `&nights=(LENGTH)&adults=(NUM-ADULTS)&currency=(USER-CURRENCY)&lang=(USER-LANGUAGE)&country=(USER-COUNTRY)`
  );
}

/** The point-of-sale file: one landing page on the site, the same for every reader (no tenant, so the reader may be null). */
@Injectable()
export class GetPointOfSaleFeed {
  constructor(private readonly config: AppConfig) {}

  async execute(query: PointOfSaleFeedQuery, _reader: Reader | null): Promise<Outcome<FeedRead<PointOfSaleDocument>>> {
    const urlTemplate = landingPageTemplate(this.config.siteUrl);
    const validators = { etag: strongEtag(['pointofsale', urlTemplate, TEMPLATE_REVISED.toISOString()]), lastModified: TEMPLATE_REVISED };
    if (isNotModified(validators, query.conditional)) return new Outcome({ validators, notModified: true });
    return new Outcome({ validators, notModified: false, document: { id: POINT_OF_SALE_ID, displayName: this.config.serviceName, urlTemplate } });
  }
}
