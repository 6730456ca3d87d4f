import type { OtaStampKey } from '../ota/ota-commands';

/** What an EchoToken claim found (docs/channels.md "Ordering"). */
export type EchoTokenClaim = { state: 'new' } | { state: 'replay'; answer: string } | { state: 'conflict' };

export interface EchoTokenKey {
  tenantId: string;
  channelId: string;
  message: string;
  echoToken: string;
}

/** Port: the EchoTokens a channel sent (24 hours) and the TimeStamps of the values it applied. */
export abstract class OtaLedger {
  /**
   * Claims the token for this body (its SHA-256): new (or older than 24 hours), the first
   * answer when the same body came with it, or a conflict when another body did. A concurrent
   * claim of the same token waits for the first one's transaction.
   */
  abstract claimEchoToken(key: EchoTokenKey, bodySha256: string): Promise<EchoTokenClaim>;
  abstract saveAnswer(key: EchoTokenKey, answer: string): Promise<void>;
  /**
   * Stamps every key with `stampedAt` where the stored stamp is not newer (one set-based
   * statement) and answers the keys left out: those whose stored stamp is newer.
   */
  abstract keepNewer(tenantId: string, stampedAt: Date, keys: OtaStampKey[]): Promise<OtaStampKey[]>;
  /**
   * Deletes up to `limit` EchoTokens older than 24 hours and up to `limit` stamps of nights before
   * yesterday (a past night takes no ARI), oldest first; rows another purge holds are skipped.
   * Answers how many went.
   */
  abstract purgeExpired(limit: number): Promise<number>;
}
