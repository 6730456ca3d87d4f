import { Injectable } from '@nestjs/common';
import { AppConfig } from '@hcs/platform';
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

export function landingPageTemplate(siteUrl: string): string {
  return (
    `${siteUrl}/hotels/(PARTNER-HOTEL-ID)?check_in=(CHECKINYEAR)-(CHECKINMONTH)-(CHECKINDAY)` +
    `&nights=(LENGTH)&adults=(NUM-ADULTS)&currency=(USER-CURRENCY)&lang=(USER-LANGUAGE)&country=(USER-COUNTRY)`
  );
}

/** The point-of-sale file: one landing page on the site, the same for every tenant. */
@Injectable()
export class GetPointOfSaleFeed {
  constructor(private readonly config: AppConfig) {}

  execute(conditional: ConditionalRequest): FeedRead<PointOfSaleDocument> {
    const urlTemplate = landingPageTemplate(this.config.siteUrl);
    const validators = { etag: strongEtag(['pointofsale', urlTemplate, TEMPLATE_REVISED.toISOString()]), lastModified: TEMPLATE_REVISED };
    if (isNotModified(validators, conditional)) return { validators, notModified: true };
    return { validators, notModified: false, document: { id: POINT_OF_SALE_ID, displayName: this.config.serviceName, urlTemplate } };
  }
}
