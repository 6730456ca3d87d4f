import type { ListPosition } from '../../webhooks/ports/webhook-endpoint.repository';

/** How a message in ended: its RS had Success, Success with Warnings, Errors, or was an EchoToken replay. */
export type OtaMessageOutcome = 'success' | 'warnings' | 'errors' | 'replay';

/** One message a channel sent and the RS it was answered with (docs/channels.md "Messages in"). */
export interface OtaMessageRecordInput {
  tenantId: string;
  channelId: string;
  message: string;
  echoToken: string | null;
  outcome: OtaMessageOutcome;
  datesApplied: number;
  warnings: number;
  errors: number;
  /** The RS as sent, cut at `OTA_ANSWER_KEPT_CHARS` (`answerTruncated` says so). */
  answer: string;
  answerTruncated: boolean;
  /** The start of the request with password values masked (`otaRequestExcerpt`). */
  requestExcerpt: string;
  requestBytes: number;
}

export interface OtaMessageRecord extends OtaMessageRecordInput {
  id: string;
  receivedAt: Date;
}

/** Port: the record of the messages in of each channel, kept for `OTA_MESSAGES_KEPT_DAYS` days. */
export abstract class OtaMessageLog {
  abstract record(entry: OtaMessageRecordInput): Promise<void>;
  /** The channel's records newest first, strictly after `after` in that order; `limit` rows at most. */
  abstract listForChannel(tenantId: string, channelId: string, page: { after: ListPosition | null; limit: number }): Promise<OtaMessageRecord[]>;
  /** Deletes up to `limit` records older than `olderThanDays` days, oldest first; answers how many went. */
  abstract purgeOlderThan(olderThanDays: number, limit: number): Promise<number>;
}
