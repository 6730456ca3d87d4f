import { Injectable } from '@nestjs/common';
import { rowLabel, SecretBox } from '@hcs/platform';
import { SqlClient } from '../sql/sql-client';
import { TransactionHost } from '../transaction-host';

/** Every column that holds a secret sealed under the master key, with the row id naming it. */
const SEALED_COLUMNS = [
  { table: 'webhook_endpoints', id: 'id', column: 'secret_ciphertext' },
  { table: 'webhook_endpoints', id: 'id', column: 'previous_secret_ciphertext' },
  { table: 'signing_keys', id: 'kid', column: 'private_jwk_sealed' },
  { table: 'receipt_keys', id: 'kid', column: 'secret' },
  { table: 'tenant_receipt_keys', id: "tenant_id::text || ':' || kid", column: 'secret' },
  { table: 'channel_connections', id: 'id', column: 'auth_ciphertext' },
] as const;

export interface MasterKeyRotationReport {
  /** Values sealed again under the current master key, per `table.column`. */
  resealed: Record<string, number>;
  /** Values already under the current key. */
  current: number;
  /** Of the values sealed again, how many were v1 (sealed without associated data). */
  v1: number;
}

export class MasterKeyRotationFailed extends Error {
  constructor(readonly unreadable: string[]) {
    super(
      `${unreadable.length} sealed value(s) open under neither WEBHOOK_SECRET_KEY nor WEBHOOK_SECRET_KEY_PREVIOUS (${unreadable.slice(0, 10).join(', ')}); nothing was changed`,
    );
  }
}

/** A sealed value and the id of its row. */
interface SealedRow {
  id: string;
  sealed: string;
}

/**
 * `hcs keys rotate-master` and `hcs keys reseal` (docs/security.md "Keys at rest"): opens every
 * sealed value with the current or the previous master key (v1 values too) and seals it again as
 * v2 under the current one, rows locked, in one transaction: either every value is current
 * afterwards or nothing changed.
 */
@Injectable()
export class MasterKeyRotation {
  constructor(
    private readonly tx: TransactionHost,
    private readonly sql: SqlClient,
    private readonly box: SecretBox,
  ) {}

  async rotate(): Promise<MasterKeyRotationReport> {
    return this.tx.withTransaction(async () => {
      const report: MasterKeyRotationReport = { resealed: {}, current: 0, v1: 0 };
      const unreadable: string[] = [];
      for (const { table, id, column } of SEALED_COLUMNS) {
        const rows = await this.sql.rows<SealedRow>(
          `SELECT ${id} AS id, ${column} AS sealed FROM ${table} WHERE ${column} IS NOT NULL ORDER BY ${id} FOR UPDATE`,
          [],
        );
        let resealed = 0;
        for (const row of rows) {
          if (this.box.isCurrent(row.sealed)) {
            report.current++;
            continue;
          }
          const label = rowLabel(table, row.id);
          let plain: string;
          try {
            plain = this.box.openToReseal(row.sealed, label);
          } catch {
            unreadable.push(`${table}.${column} ${row.id}`);
            continue;
          }
          await this.sql.affected(`UPDATE ${table} SET ${column} = $2 WHERE ${id} = $1`, [row.id, this.box.seal(plain, label)]);
          resealed++;
          if (row.sealed.startsWith('v1.')) report.v1++;
        }
        report.resealed[`${table}.${column}`] = resealed;
      }
      if (unreadable.length > 0) throw new MasterKeyRotationFailed(unreadable);
      return report;
    });
  }
}
