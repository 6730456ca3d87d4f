import { Injectable } from '@nestjs/common';
import { AvailabilitySearchRepository, OfferQuery, PropertyOffer } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { offersAnywhere, offersNearDestination, promotedProperty, toPropertyOffer } from './offer-row';

/**
 * The availability search (the statement and its strategies are described in `offer-row.ts`).
 * Outside a transaction a `@ReadsFromReplica()` route reads on the replica, and a replica that
 * fails to answer sends the read to the primary (`SqlClient`, docs/scaling.md).
 */
@Injectable()
export class SqlAvailabilitySearchRepository extends AvailabilitySearchRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async findBestOffers(tenantId: string, q: OfferQuery): Promise<PropertyOffer[]> {
    const destination = q.area !== null || q.property !== null;
    const rows = await this.sql.run(destination ? offersNearDestination : offersAnywhere, [
      tenantId,
      q.checkIn,
      q.checkOut,
      q.area,
      q.property?.slug ?? null,
      q.property?.id ?? null,
      q.partySize,
      q.nights,
      q.mealPlan,
      q.cancellation,
      q.maxNightlyByCurrency ? JSON.stringify(q.maxNightlyByCurrency) : null,
      q.adults,
      q.childAges,
    ]);
    return rows.map(toPropertyOffer);
  }

  async findPromotedProperty(tenantId: string, property: { slug: string; id: string | null }): Promise<{ id: string; timezone: string } | null> {
    const rows = await this.sql.run(promotedProperty, [tenantId, property.slug, property.id]);
    return rows[0] ?? null;
  }
}
