/** Characters of a request kept with its record: enough to recognise the message, never the whole document. */
export const OTA_REQUEST_EXCERPT_CHARS = 2000;
/** Characters of an RS kept with its record; a longer RS (thousands of Errors) is cut there. */
export const OTA_ANSWER_KEPT_CHARS = 64 * 1024;
/** Days a message's record is kept before the worker's channel ledger purge deletes it. */
export const OTA_MESSAGES_KEPT_DAYS = 7;

const MASK = '***';
// An attribute whose name holds "password" (OpenTravel's RequestorID MessagePassword), quoted or cut
// off by the excerpt's end, and an element whose name does.
const PASSWORD_ATTRIBUTE = /([\w:.-]*password[\w.-]*\s*=\s*)(["'])[^"']*\2?/gi;
const PASSWORD_ELEMENT = /(<([\w:.-]*password[\w.-]*)(\s[^>]*)?>)[^<]*/gi;

/**
 * The start of a request as its record keeps it: `OTA_REQUEST_EXCERPT_CHARS` characters with every
 * password value masked. The channel's own credential travels in the Authorization header and is
 * never part of the body; a password an OpenTravel POS block carries is masked here.
 */
export function otaRequestExcerpt(body: string): string {
  return body.slice(0, OTA_REQUEST_EXCERPT_CHARS).replace(PASSWORD_ATTRIBUTE, `$1$2${MASK}$2`).replace(PASSWORD_ELEMENT, `$1${MASK}`);
}

/** The RS as its record keeps it, cut at `OTA_ANSWER_KEPT_CHARS`. */
export function keptOtaAnswer(xml: string): { answer: string; truncated: boolean } {
  return xml.length > OTA_ANSWER_KEPT_CHARS ? { answer: xml.slice(0, OTA_ANSWER_KEPT_CHARS), truncated: true } : { answer: xml, truncated: false };
}
