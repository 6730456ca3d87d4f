/** One OTA_HotelResNotifRQ POST to a channel manager. */
export interface ChannelMessage {
  url: string;
  body: string;
  /** The `authorization` header value (`Basic …` or `Bearer …`). */
  authorization: string;
  timeoutMs: number;
}

export interface ChannelSendResult {
  /** The HTTP status; null when no answer came (timeout, network, refused address). */
  status: number | null;
  durationMs: number;
  /** Our words for a failed exchange (`attempt-error.ts`); null when an answer came. */
  error: string | null;
  /** The answer's body (bounded by the outbound client); empty without an answer. */
  body: string;
}

/** Port: one POST under the outbound address rule (docs/events.md "Receiver safety"). */
export abstract class ChannelMessageSender {
  abstract send(message: ChannelMessage): Promise<ChannelSendResult>;
}
