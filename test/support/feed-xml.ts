import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

export type FeedSchema = 'hotel-list' | 'transaction' | 'pointofsale';

/** Validates a feed against the XSD kept in test/fixtures/feeds; the errors are returned for a readable failure. */
export async function xsdErrors(xml: string, schema: FeedSchema): Promise<string[]> {
  const contents = readFileSync(join(__dirname, '..', 'fixtures', 'feeds', `${schema}.xsd`), 'utf8');
  const result = await validateXML({ xml: { fileName: 'feed.xml', contents: xml }, schema: { fileName: `${schema}.xsd`, contents } });
  return result.valid ? [] : result.errors.map((e) => e.message);
}

/** Every `<tag ...>...</tag>` element of a document (tests only: the feeds have no nested same-name elements). */
export function elements(xml: string, tag: string): string[] {
  return xml.match(new RegExp(`<${tag}(?:\\s[^>]*)?>[\\s\\S]*?</${tag}>`, 'g')) ?? [];
}

/** Text of the first `<tag>` in a fragment, or null. */
export function text(xml: string, tag: string): string | null {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?>([^<]*)</${tag}>`).exec(xml);
  return m ? m[1] : null;
}
