import type { OtaAllotmentRow, OtaPropertyRef, OtaRateRow } from '../ota/ota-commands';

/** A night whose allotment a message set, with what was held and sold on it then. */
export interface AppliedAllotment {
  roomTypeId: string;
  night: string;
  allotment: number;
  committed: number;
}

/** Port: reads and set-based writes of ARI values for channel messages (docs/channels.md). */
export abstract class OtaAriWriter {
  /** The channel's properties among these slugs, with their room types and rate plans. */
  abstract channelProperties(tenantId: string, channelId: string, slugs: string[]): Promise<OtaPropertyRef[]>;
  /** Locks the rate plans' rows in id order, so restriction writes of this transaction never race. */
  abstract lockRatePlans(tenantId: string, ratePlanIds: string[]): Promise<void>;
  /** Sets every row's night rate with its party prices (replacing the night whole), in one statement. */
  abstract putRates(tenantId: string, rows: OtaRateRow[]): Promise<number>;
  /**
   * Sets the nights' allotments (locked in room type and date order first): `total` as sent,
   * `left` as held + sold + count. Answers each night with its new allotment and held + sold.
   */
  abstract putAllotments(tenantId: string, rows: OtaAllotmentRow[]): Promise<AppliedAllotment[]>;
}
