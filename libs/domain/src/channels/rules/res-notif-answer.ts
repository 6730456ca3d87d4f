import { SaxesParser } from 'saxes';

/** What a receiver's answer means (docs/channels-out.md "Acknowledgement"). */
export type ResNotifAnswer =
  | { kind: 'acknowledged'; confirmationId: string | null }
  | { kind: 'errors'; errors: Array<{ type: string | null; code: string | null }> }
  | { kind: 'unreadable'; reason: string };

/** Answers longer than this are not read (the outbound client reads 64 KB at most anyway). */
const MAX_ANSWER_CHARS = 64 * 1024;

/**
 * Reads an `OTA_HotelResNotifRS`: `<Success/>` acknowledges, with the first `HotelReservationID`'s
 * `ResID_Value` as the property's confirmation number; `<Errors>` lists the receiver's errors
 * (`Type`, `Code` only, never its text); anything else (not XML, a DOCTYPE, another root, neither
 * Success nor Errors) is unreadable. A DOCTYPE is refused before any entity could be expanded.
 */
export function readResNotifAnswer(body: string): ResNotifAnswer {
  if (body.length > MAX_ANSWER_CHARS) return { kind: 'unreadable', reason: 'answer too large' };
  const parser = new SaxesParser({ xmlns: true });
  let root: string | null = null;
  let depth = 0;
  let success = false;
  let errorsSeen = false;
  const errors: Array<{ type: string | null; code: string | null }> = [];
  let confirmationId: string | null = null;
  let refused: string | null = null;
  parser.on('doctype', () => {
    refused = 'a DOCTYPE is refused';
    throw new Error(refused);
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    const name = tag.local;
    if (depth === 1) root = name;
    const attr = (n: string): string | null => {
      const a = tag.attributes[n];
      return typeof a === 'object' && a !== null ? a.value : null;
    };
    if (name === 'Success') success = true;
    else if (name === 'Errors') errorsSeen = true;
    else if (name === 'Error') errors.push({ type: attr('Type'), code: attr('Code') });
    else if (name === 'HotelReservationID' && confirmationId === null) confirmationId = attr('ResID_Value');
  });
  parser.on('closetag', () => {
    depth -= 1;
  });
  try {
    parser.write(body).close();
  } catch {
    return { kind: 'unreadable', reason: refused ?? 'not well-formed XML' };
  }
  if (root !== 'OTA_HotelResNotifRS') return { kind: 'unreadable', reason: root === null ? 'not XML' : 'not an OTA_HotelResNotifRS' };
  if (errorsSeen || errors.length > 0) return { kind: 'errors', errors };
  if (success) return { kind: 'acknowledged', confirmationId: confirmationId === '' ? null : confirmationId };
  return { kind: 'unreadable', reason: 'neither Success nor Errors' };
}

/** The attempt error admins read for an answer that did not acknowledge (our words and the receiver's codes). */
export function describeAnswer(answer: Exclude<ResNotifAnswer, { kind: 'acknowledged' }>): string {
  if (answer.kind === 'unreadable') return `unreadable OTA_HotelResNotifRS: ${answer.reason}`;
  const codes = answer.errors
    .map((e) => `${e.type ?? '?'}/${e.code ?? '?'}`)
    .filter((c) => /^[A-Za-z0-9?._-]+\/[A-Za-z0-9?._-]+$/.test(c))
    .slice(0, 5);
  return `OTA_HotelResNotifRS Errors${codes.length > 0 ? ` ${codes.join(' ')}` : ''}`;
}
