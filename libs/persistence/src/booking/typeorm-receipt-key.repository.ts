import { randomBytes } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_RECEIPT_KID, ReceiptKey, ReceiptKeyRepository } from '@hcs/domain';
import { TransactionHost } from '../transaction-host';

const SIGNING_KEY_CACHE_MS = 30_000;

/**
 * Receipt keys live in Postgres so that every instance signs and verifies alike. The first key
 * (`receipt-v1`) is generated on first use; `rotate()` adds `receipt-v<n+1>`, which signs from then
 * on (other instances pick it up within 30 s) while older keys keep verifying.
 */
@Injectable()
export class TypeOrmReceiptKeyRepository extends ReceiptKeyRepository implements OnApplicationBootstrap {
  private readonly byKid = new Map<string, ReceiptKey>();
  private signing: { key: ReceiptKey; until: number } | null = null;

  constructor(private readonly tx: TransactionHost) {
    super();
  }

  private get m() {
    return this.tx.tx;
  }

  /**
   * The first key is created at boot, outside any transaction: a key written inside a booking's
   * transaction could be rolled back after it had signed (and been cached).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.m.query(`INSERT INTO receipt_keys (kid, secret) VALUES ($1, $2) ON CONFLICT (kid) DO NOTHING`, [
      DEFAULT_RECEIPT_KID,
      randomBytes(32).toString('base64url'),
    ]);
  }

  async signingKey(): Promise<ReceiptKey> {
    if (this.signing && this.signing.until > Date.now()) return this.signing.key;
    const key = await this.newest();
    if (!key) throw new Error('no receipt signing key (the default key is created at boot)');
    this.signing = { key, until: Date.now() + SIGNING_KEY_CACHE_MS };
    this.byKid.set(key.kid, key);
    return key;
  }

  async findByKid(kid: string): Promise<ReceiptKey | null> {
    const cached = this.byKid.get(kid);
    if (cached) return cached;
    const rows = (await this.m.query(`SELECT kid, secret FROM receipt_keys WHERE kid = $1`, [kid])) as ReceiptKey[];
    if (!rows[0]) return null;
    this.byKid.set(kid, rows[0]);
    return rows[0];
  }

  async rotate(): Promise<ReceiptKey> {
    // Two rotations at once would pick the same next kid: the one that loses tries the next number.
    for (let attempt = 0; ; attempt++) {
      const rows = (await this.m.query(
        `INSERT INTO receipt_keys (kid, secret) SELECT 'receipt-v' || (count(*) + 1 + $2::int), $1 FROM receipt_keys
         ON CONFLICT (kid) DO NOTHING RETURNING kid, secret`,
        [randomBytes(32).toString('base64url'), attempt],
      )) as ReceiptKey[];
      if (rows[0]) {
        this.signing = null;
        return rows[0];
      }
      if (attempt >= 9) throw new Error('could not pick a new receipt kid');
    }
  }

  private async newest(): Promise<ReceiptKey | null> {
    const rows = (await this.m.query(
      `SELECT kid, secret FROM receipt_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid DESC LIMIT 1`,
    )) as ReceiptKey[];
    return rows[0] ?? null;
  }
}
