import type { FeedListing, HotelListDocument } from '@hcs/domain';
import { XmlChunks } from './xml-chunks';

/** Google's address components of the simple format, in its order, from our columns. */
function addressComponents(listing: FeedListing): Array<[string, string]> {
  const parts: Array<[string, string | null]> = [
    ['addr1', listing.addressLine1],
    ['addr2', listing.addressLine2],
    ['city', listing.city],
    ['province', listing.region],
    ['postal_code', listing.postalCode],
  ];
  return parts.filter((p): p is [string, string] => typeof p[1] === 'string' && p[1].trim() !== '');
}

/**
 * Google's Hotel List feed (`<listings>`), written with xmlbuilder2's callback API one batch of
 * listings at a time. Mapping in docs/feeds.md.
 */
export async function* hotelListXml(document: HotelListDocument): AsyncGenerator<string> {
  const out = await XmlChunks.open();
  const xml = out.xml;
  xml.dec({ version: '1.0', encoding: 'UTF-8' });
  xml.ele('listings', {
    'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
    'xsi:noNamespaceSchemaLocation': 'http://www.gstatic.com/localfeed/local_feed.xsd',
  });
  xml.ele('language').txt('en').up();
  for await (const batch of document.listings()) {
    for (const listing of batch) {
      xml.ele('listing');
      xml.ele('id').txt(listing.id).up();
      xml.ele('name').txt(listing.name).up();
      xml.ele('address', { format: 'simple' });
      for (const [name, value] of addressComponents(listing)) xml.ele('component', { name }).txt(value).up();
      xml.up();
      if (listing.country) xml.ele('country').txt(listing.country).up();
      if (listing.lat !== null && listing.lng !== null) {
        xml.ele('latitude').txt(String(listing.lat)).up();
        xml.ele('longitude').txt(String(listing.lng)).up();
      }
      if (listing.phone) xml.ele('phone', { type: 'main' }).txt(listing.phone).up();
      xml.ele('category').txt('hotel').up();
      xml.up();
    }
    yield out.take();
  }
  xml.up();
  xml.end();
  yield out.take();
}
