import { OTA_NAMESPACE } from './ota-xml';
import type { OtaIssue } from './ota-request';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text or attribute value with the five XML escapes; characters XML 1.0 cannot carry are dropped. */
export function xmlEscape(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '').replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

export interface OtaAnswerHeader {
  /** The RS root element, e.g. `OTA_HotelAvailNotifRS`. */
  name: string;
  echoToken: string | null;
  version: string | null;
  /** The answer's own TimeStamp. */
  at: Date;
}

function issues(tag: 'Error' | 'Warning', list: OtaIssue[]): string {
  return list.map((i) => `    <${tag} Type="${i.type}" Code="${i.code}" NodeList="${xmlEscape(i.path)}">${xmlEscape(i.text)}</${tag}>`).join('\n');
}

/**
 * An OpenTravel RS: `<Success/>` (with `<Warnings>` when there are any) or `<Errors>`, in the
 * OpenTravel namespace, echoing the request's EchoToken and Version (docs/channels.md "Answers").
 */
export function otaAnswer(header: OtaAnswerHeader, outcome: { errors: OtaIssue[]; warnings: OtaIssue[] }): string {
  const attributes = [
    `xmlns="${OTA_NAMESPACE}"`,
    header.echoToken !== null ? `EchoToken="${xmlEscape(header.echoToken)}"` : null,
    `TimeStamp="${header.at.toISOString()}"`,
    `Version="${header.version !== null && /^\d{1,4}(\.\d{1,6})?$/.test(header.version) ? header.version : '1.0'}"`,
  ].filter((a) => a !== null);
  const body =
    outcome.errors.length > 0
      ? `  <Errors>\n${issues('Error', outcome.errors)}\n  </Errors>`
      : `  <Success/>${outcome.warnings.length > 0 ? `\n  <Warnings>\n${issues('Warning', outcome.warnings)}\n  </Warnings>` : ''}`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${header.name} ${attributes.join(' ')}>\n${body}\n</${header.name}>\n`;
}
