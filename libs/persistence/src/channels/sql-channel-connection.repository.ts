import { Injectable } from '@nestjs/common';
import { ChannelConnectionRecord, ChannelConnectionRepository, ListPosition, NewChannelConnection } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { statement } from '../sql/statement';
import { CONNECTION_COLUMNS, ConnectionRow, toConnection } from './channel-connection-rows';

const insert = statement<
  [id: string, tenantId: string, propertyId: string, url: string, authType: string, authUsername: string | null, ciphertext: string],
  ConnectionRow
>(
  `INSERT INTO channel_connections (id, tenant_id, property_id, url, auth_type, auth_username, auth_ciphertext)
   SELECT $1, $2, p.id, $4, $5, $6, $7 FROM properties p WHERE p.tenant_id = $2 AND p.id = $3
   RETURNING ${CONNECTION_COLUMNS}`,
);

const byId = statement<[tenantId: string, id: string], ConnectionRow>(`SELECT ${CONNECTION_COLUMNS} FROM channel_connections WHERE tenant_id = $1 AND id = $2`);

const page = statement<[tenantId: string, afterCreatedAt: Date | null, afterId: string | null, limit: number], ConnectionRow>(
  `SELECT ${CONNECTION_COLUMNS} FROM channel_connections
    WHERE tenant_id = $1 AND ($2::timestamptz IS NULL OR (date_trunc('milliseconds', created_at), id) > ($2::timestamptz, $3::uuid))
    ORDER BY date_trunc('milliseconds', created_at), id LIMIT $4`,
);

const remove = statement<[tenantId: string, id: string], { id: string }>(`DELETE FROM channel_connections WHERE tenant_id = $1 AND id = $2 RETURNING id`);

/** Channel connections; the sealed credential is written here and read only by the delivery claim. */
@Injectable()
export class SqlChannelConnectionRepository extends ChannelConnectionRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async create(c: NewChannelConnection): Promise<ChannelConnectionRecord | null> {
    const [row] = await this.sql.run(insert, [c.id, c.tenantId, c.propertyId, c.url, c.authType, c.authUsername, c.sealedSecret]);
    return row ? toConnection(row) : null;
  }

  async findById(tenantId: string, id: string): Promise<ChannelConnectionRecord | null> {
    const [row] = await this.sql.run(byId, [tenantId, id]);
    return row ? toConnection(row) : null;
  }

  async list(tenantId: string, after: ListPosition | null, limit: number): Promise<ChannelConnectionRecord[]> {
    return (await this.sql.run(page, [tenantId, after?.createdAt ?? null, after?.id ?? null, limit])).map(toConnection);
  }

  async delete(tenantId: string, id: string): Promise<boolean> {
    return (await this.sql.run(remove, [tenantId, id])).length > 0;
  }
}
