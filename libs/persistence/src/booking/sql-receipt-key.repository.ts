import { randomBytes } from 'node:crypto';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DEFAULT_RECEIPT_KID, ReceiptKey, ReceiptKeyRepository, ReceiptKeyRetirement } from '@hcs/domain';
import { rowLabel, SecretBox } from '@hcs/platform';
import { SqlClient } from '../sql/sql-client';

/** How long a process keeps a key it read: a rotation or a retirement reaches every process within this. */
const KEY_CACHE_MS = 30_000;

interface Row {
  kid: string;
  secret: string;
  retired_at: Date | null;
}

/**
 * Receipt keys live in Postgres so that every instance signs and verifies alike, each secret
 * sealed under the master key with its kid as associated data (docs/security.md "Keys at rest").
 * The first key (`receipt-v1`) is generated on first use; `rotate()` adds `receipt-v<n+1>`, which
 * signs from then on while older keys keep verifying until an operator retires them.
 */
@Injectable()
export class SqlReceiptKeyRepository extends ReceiptKeyRepository implements OnApplicationBootstrap {
  private readonly byKid = new Map<string, { key: ReceiptKey; until: number }>();
  private signing: { key: ReceiptKey; until: number } | null = null;

  constructor(
    private readonly sql: SqlClient,
    private readonly box: SecretBox,
  ) {
    super();
  }

  private seal(kid: string, secret: string): string {
    return this.box.seal(secret, rowLabel('receipt_keys', kid));
  }

  private toKey(r: Row): ReceiptKey {
    return { kid: r.kid, secret: this.box.open(r.secret, rowLabel('receipt_keys', r.kid)), retiredAt: r.retired_at };
  }

  /**
   * The first key is created at boot, outside any transaction: a key written inside a booking's
   * transaction could be rolled back after it had signed (and been cached).
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.sql.affected(`INSERT INTO receipt_keys (kid, secret) VALUES ($1, $2) ON CONFLICT (kid) DO NOTHING`, [
      DEFAULT_RECEIPT_KID,
      this.seal(DEFAULT_RECEIPT_KID, randomBytes(32).toString('base64url')),
    ]);
  }

  async signingKey(): Promise<ReceiptKey> {
    if (this.signing && this.signing.until > Date.now()) return this.signing.key;
    const rows = await this.sql.rows<Row>(
      `SELECT kid, secret, retired_at FROM receipt_keys WHERE retired_at IS NULL ORDER BY created_at DESC, kid DESC LIMIT 1`,
      [],
    );
    if (!rows[0]) throw new Error('no receipt signing key (the default key is created at boot)');
    const key = this.toKey(rows[0]);
    this.signing = { key, until: Date.now() + KEY_CACHE_MS };
    return key;
  }

  async findByKid(kid: string): Promise<ReceiptKey | null> {
    const cached = this.byKid.get(kid);
    if (cached && cached.until > Date.now()) return cached.key;
    const rows = await this.sql.rows<Row>(`SELECT kid, secret, retired_at FROM receipt_keys WHERE kid = $1`, [kid]);
    if (!rows[0]) return null;
    const key = this.toKey(rows[0]);
    this.byKid.set(kid, { key, until: Date.now() + KEY_CACHE_MS });
    return key;
  }

  async rotate(): Promise<ReceiptKey> {
    // Two rotations at once would pick the same next kid: the one that loses tries the next number.
    const counted = await this.sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM receipt_keys`, []);
    for (let attempt = 0; attempt < 10; attempt++) {
      const kid = `receipt-v${(counted[0]?.n ?? 0) + 1 + attempt}`;
      const secret = randomBytes(32).toString('base64url');
      const rows = await this.sql.rows<{ kid: string }>(`INSERT INTO receipt_keys (kid, secret) VALUES ($1, $2) ON CONFLICT (kid) DO NOTHING RETURNING kid`, [
        kid,
        this.seal(kid, secret),
      ]);
      if (rows[0]) {
        this.signing = null;
        return { kid, secret, retiredAt: null };
      }
    }
    throw new Error('could not pick a new receipt kid');
  }

  async retire(kid: string): Promise<ReceiptKeyRetirement> {
    // One statement: two retirements at once cannot leave no key to sign with.
    const rows = await this.sql.rows<{ found: number; was_retired: Date | null; retired: number }>(
      `WITH target AS (SELECT kid, retired_at FROM receipt_keys WHERE kid = $1),
            others AS (SELECT count(*)::int AS n FROM receipt_keys WHERE retired_at IS NULL AND kid <> $1),
            retired AS (
              UPDATE receipt_keys SET retired_at = clock_timestamp()
               WHERE kid = $1 AND retired_at IS NULL AND (SELECT n FROM others) > 0
               RETURNING kid)
       SELECT (SELECT count(*) FROM target)::int AS found, (SELECT retired_at FROM target) AS was_retired,
              (SELECT count(*) FROM retired)::int AS retired`,
      [kid],
    );
    const r = rows[0]!;
    this.byKid.delete(kid);
    this.signing = null;
    if (r.found === 0) return 'not_found';
    if (r.was_retired) return 'already_retired';
    return r.retired === 1 ? 'retired' : 'last_key';
  }
}
