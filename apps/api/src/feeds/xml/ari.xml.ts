import { AriBundle, AriDocument, AriNight, AriPlan, AriPrice, AriPropertyData, currencyExponent } from '@hcs/domain';
import { decimalAmount, xmlText } from './xml-text';

/*
 * Google's Transaction message in pull form (docs/feeds.md). The Results are hundreds of
 * thousands of elements for a large tenant, too many for a builder's per-element cost
 * (docs/feeds.md), so this document is written from string templates. Every value goes through
 * `xmlText`; amounts and counts are integers.
 */

function amountsXml(price: AriPrice): string {
  const exponent = currencyExponent(price.currency);
  const currency = xmlText(price.currency);
  return (
    `<Baserate currency="${currency}">${decimalAmount(price.baserate, exponent)}</Baserate>` +
    `<Tax currency="${currency}">${decimalAmount(price.tax, exponent)}</Tax>` +
    `<OtherFees currency="${currency}">${decimalAmount(price.otherFees, exponent)}</OtherFees>`
  );
}

function refundableXml(plan: AriPlan): string {
  const r = plan.refundability;
  return r.available
    ? `<Refundable available="1" refundable_until_days="${r.untilDays}" refundable_until_time="${r.untilTime}"/>`
    : '<Refundable available="0"/>';
}

const nameXml = (name: string) => `<Name><Text text="${xmlText(name)}" language="en"/></Name>`;

function propertyDataXml(data: AriPropertyData): string {
  const rooms = new Map(data.plans.map((p) => [p.roomType.id, p.roomType]));
  let out = `<PropertyDataSet action="overlay"><Property>${xmlText(data.propertyId)}</Property>`;
  for (const room of rooms.values()) {
    out += `<RoomData><RoomID>${xmlText(room.id)}</RoomID>${nameXml(room.name)}<Capacity>${room.maxOccupancy}</Capacity></RoomData>`;
  }
  for (const plan of data.plans) {
    out += `<PackageData><PackageID>${xmlText(plan.ratePlan.id)}</PackageID>${nameXml(plan.ratePlan.name)}<Occupancy>${plan.occupancy}</Occupancy>${refundableXml(plan)}</PackageData>`;
  }
  return `${out}</PropertyDataSet>`;
}

/** Writes Results with the strings that repeat (ids, price triples) built once per value. */
class ResultWriter {
  private readonly amounts = new Map<AriPrice, string>();
  private readonly plans = new Map<AriPlan, { head: string; tail: string }>();

  night(night: AriNight): string {
    let out = `<Result><Property>${xmlText(night.propertyId)}</Property><Checkin>${night.checkIn}</Checkin><Nights>1</Nights>`;
    if (night.lowest) out += this.amountsOf(night.lowest.price);
    for (const bundle of night.bundles) out += this.bundle(bundle);
    if (!night.lowest) out += '<Unavailable><NoVacancy/></Unavailable>';
    return `${out}</Result>`;
  }

  private bundle(bundle: AriBundle): string {
    let plan = this.plans.get(bundle.plan);
    if (!plan) {
      plan = {
        head: `<RoomBundle><RoomID>${xmlText(bundle.plan.roomType.id)}</RoomID><PackageID>${xmlText(bundle.plan.ratePlan.id)}</PackageID>`,
        tail: `${refundableXml(bundle.plan)}<Occupancy>${bundle.plan.occupancy}</Occupancy>`,
      };
      this.plans.set(bundle.plan, plan);
    }
    return `${plan.head}${this.amountsOf(bundle.price)}${plan.tail}<InventoryCount>${bundle.roomsLeft}</InventoryCount></RoomBundle>`;
  }

  private amountsOf(price: AriPrice): string {
    let xml = this.amounts.get(price);
    if (xml === undefined) {
      xml = amountsXml(price);
      this.amounts.set(price, xml);
    }
    return xml;
  }
}

/** The ARI document, one property's worth of XML per chunk. */
export async function* ariXml(document: AriDocument): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?><Transaction timestamp="${document.timestamp.toISOString().replace(/\.\d{3}Z$/, 'Z')}" id="${xmlText(document.id)}" partner="${xmlText(document.partner)}">`;
  for await (const batch of document.propertyData()) yield batch.map(propertyDataXml).join('');
  for await (const nights of document.nights()) {
    const writer = new ResultWriter();
    let out = '';
    for (const night of nights) out += writer.night(night);
    yield out;
  }
  yield '</Transaction>';
}
