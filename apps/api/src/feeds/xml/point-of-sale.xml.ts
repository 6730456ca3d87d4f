import type { PointOfSaleDocument } from '@hcs/domain';
import { XmlChunks } from './xml-chunks';

/** Google's landing pages file (`<PointsOfSale>`): one point of sale matching every user. */
export async function* pointOfSaleXml(document: PointOfSaleDocument): AsyncGenerator<string> {
  const out = await XmlChunks.open();
  const xml = out.xml;
  xml.dec({ version: '1.0', encoding: 'UTF-8' });
  xml.ele('PointsOfSale');
  xml.ele('PointOfSale', { id: document.id });
  xml.ele('DisplayNames', { display_text: document.displayName, display_language: 'en' }).up();
  xml.ele('Match', { status: 'yes' }).up();
  xml.ele('URL').txt(document.urlTemplate).up();
  xml.up();
  xml.up();
  xml.end();
  yield out.take();
}
