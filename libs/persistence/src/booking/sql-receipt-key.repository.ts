import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DEFAULT_RECEIPT_KID, ReceiptKey, ReceiptKeyRepository, ReceiptKeyRetirement } from '@hcs/domain';
import { rowLabel, SecretBox } from '@hcs/platform';
import { SqlClient } from '../sql/sql-client';
import { TransactionHost } from '../transaction-host';

/** How long a process keeps a key it read: a rotation or a retirement reaches every process within this. */
const KEY_CACHE_MS = 30_000;
/** Cached keys per process at most; past it the cache starts over (it only saves reads). */
const KEY_CACHE_ENTRIES = 10_000;

interface Row {
  tenant_id: string | null;
  kid: string;
  secret: string;
  retired_at: Date | null;
}

interface Cached {
  key: ReceiptKey;
  until: number;
}

/**
 * Receipt keys live in Postgres so that every instance signs and verifies alike, each secret
 * sealed under the master key with its row as associated data (docs/security.md "Keys at rest").
 * Each tenant has keys of its own (`tenant_receipt_keys`, docs/security.md "Receipt keys per
 * tenant"): its first (`receipt-v1`) is created when it first signs; `rotate` adds
 * `receipt-v<n+1>`, which signs from then on while older keys keep verifying until retired. The
 * platform-wide `receipt_keys` only verify the receipts they signed before keys were per tenant.
 */
@Injectable()
export class SqlReceiptKeyRepository extends ReceiptKeyRepository {
  private readonly byKid = new Map<string, Cached>();
  private readonly signing = new Map<string, Cached>();

  constructor(
    private readonly sql: SqlClient,
    private readonly box: SecretBox,
    private readonly tx: TransactionHost,
  ) {
    super();
  }

  private label(tenantId: string | null, kid: string): string {
    return tenantId === null ? rowLabel('receipt_keys', kid) : rowLabel('tenant_receipt_keys', `${tenantId}:${kid}`);
  }

  private toKey(r: Row): ReceiptKey {
    return { kid: r.kid, secret: this.box.open(r.secret, this.label(r.tenant_id, r.kid)), retiredAt: r.retired_at };
  }

  private remember(cache: Map<string, Cached>, id: string, key: ReceiptKey): void {
    if (cache.size >= KEY_CACHE_ENTRIES) cache.clear();
    cache.set(id, { key, until: Date.now() + KEY_CACHE_MS });
  }

  async signingKey(tenantId: string): Promise<ReceiptKey> {
    const cached = this.signing.get(tenantId);
    if (cached && cached.until > Date.now()) return cached.key;
    const newest = () =>
      this.sql.rows<Row>(
        `SELECT tenant_id, kid, secret, retired_at FROM tenant_receipt_keys WHERE tenant_id = $1 AND retired_at IS NULL ORDER BY created_at DESC, kid DESC LIMIT 1`,
        [tenantId],
      );
    let rows = await newest();
    if (!rows[0]) {
      // The tenant's first key. Cached only once committed: written inside a transaction it could
      // still roll back (with the outcome it signed), and the next call reads what committed.
      const created = await this.sql.rows<Row>(
        `INSERT INTO tenant_receipt_keys (tenant_id, kid, secret) SELECT $1, $2, $3
          WHERE NOT EXISTS (SELECT 1 FROM tenant_receipt_keys WHERE tenant_id = $1)
         ON CONFLICT DO NOTHING RETURNING tenant_id, kid, secret, retired_at`,
        [tenantId, DEFAULT_RECEIPT_KID, this.box.seal(randomBytes(32).toString('base64url'), this.label(tenantId, DEFAULT_RECEIPT_KID))],
      );
      if (created[0]) {
        const key = this.toKey(created[0]);
        if (!this.tx.isTransactionActive()) this.remember(this.signing, tenantId, key);
        return key;
      }
      rows = await newest();
    }
    if (!rows[0]) throw new Error(`tenant ${tenantId} has no unretired receipt key`);
    const key = this.toKey(rows[0]);
    this.remember(this.signing, tenantId, key);
    return key;
  }

  async findByKid(tenantId: string, kid: string): Promise<ReceiptKey | null> {
    const id = `${tenantId}:${kid}`;
    const cached = this.byKid.get(id);
    if (cached && cached.until > Date.now()) return cached.key;
    const rows = await this.sql.rows<Row>(
      `SELECT tenant_id, kid, secret, retired_at FROM tenant_receipt_keys WHERE tenant_id = $1 AND kid = $2
       UNION ALL
       SELECT NULL, kid, secret, retired_at FROM receipt_keys WHERE kid = $2
       LIMIT 1`,
      [tenantId, kid],
    );
    if (!rows[0]) return null;
    const key = this.toKey(rows[0]);
    this.remember(this.byKid, id, key);
    return key;
  }

  async rotate(tenantId: string): Promise<ReceiptKey> {
    // Two rotations at once would pick the same next kid: the one that loses tries the next number.
    const counted = await this.sql.rows<{ n: number }>(`SELECT count(*)::int AS n FROM tenant_receipt_keys WHERE tenant_id = $1`, [tenantId]);
    for (let attempt = 0; attempt < 10; attempt++) {
      const kid = `receipt-v${(counted[0]?.n ?? 0) + 1 + attempt}`;
      const secret = randomBytes(32).toString('base64url');
      const rows = await this.sql.rows<{ kid: string }>(
        `INSERT INTO tenant_receipt_keys (tenant_id, kid, secret) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING kid`,
        [tenantId, kid, this.box.seal(secret, this.label(tenantId, kid))],
      );
      if (rows[0]) {
        this.signing.delete(tenantId);
        return { kid, secret, retiredAt: null };
      }
    }
    throw new Error('could not pick a new receipt kid');
  }

  async retire(tenantId: string | null, kid: string): Promise<ReceiptKeyRetirement> {
    const r = tenantId === null ? await this.retirePlatformKey(kid) : await this.retireTenantKey(tenantId, kid);
    this.byKid.clear();
    if (tenantId !== null) this.signing.delete(tenantId);
    if (r.found === 0) return 'not_found';
    if (r.was_retired) return 'already_retired';
    return r.retired === 1 ? 'retired' : 'last_key';
  }

  /** One statement: two retirements at once cannot leave the tenant without a key to sign with. */
  private async retireTenantKey(tenantId: string, kid: string) {
    const rows = await this.sql.rows<{ found: number; was_retired: Date | null; retired: number }>(
      `WITH target AS (SELECT kid, retired_at FROM tenant_receipt_keys WHERE tenant_id = $1 AND kid = $2),
            others AS (SELECT count(*)::int AS n FROM tenant_receipt_keys WHERE tenant_id = $1 AND retired_at IS NULL AND kid <> $2),
            retired AS (
              UPDATE tenant_receipt_keys SET retired_at = clock_timestamp()
               WHERE tenant_id = $1 AND kid = $2 AND retired_at IS NULL AND (SELECT n FROM others) > 0
               RETURNING kid)
       SELECT (SELECT count(*) FROM target)::int AS found, (SELECT retired_at FROM target) AS was_retired,
              (SELECT count(*) FROM retired)::int AS retired`,
      [tenantId, kid],
    );
    return rows[0]!;
  }

  /** A platform-wide key signs nothing any more: retiring one never leaves a tenant without a signer. */
  private async retirePlatformKey(kid: string) {
    const rows = await this.sql.rows<{ found: number; was_retired: Date | null; retired: number }>(
      `WITH target AS (SELECT kid, retired_at FROM receipt_keys WHERE kid = $1),
            retired AS (UPDATE receipt_keys SET retired_at = clock_timestamp() WHERE kid = $1 AND retired_at IS NULL RETURNING kid)
       SELECT (SELECT count(*) FROM target)::int AS found, (SELECT retired_at FROM target) AS was_retired,
              (SELECT count(*) FROM retired)::int AS retired`,
      [kid],
    );
    return rows[0]!;
  }
}
