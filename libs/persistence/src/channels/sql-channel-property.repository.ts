import { Injectable } from '@nestjs/common';
import { ChannelPropertyRepository, isUuid } from '@hcs/domain';
import { SqlClient } from '../sql/sql-client';
import { channelPropertyIds, existingPropertyIds, grantChannelProperties } from './channel-rows';

@Injectable()
export class SqlChannelPropertyRepository extends ChannelPropertyRepository {
  constructor(private readonly sql: SqlClient) {
    super();
  }

  async grant(tenantId: string, channelId: string, propertyIds: string[]): Promise<void> {
    await this.sql.run(grantChannelProperties, [tenantId, channelId, propertyIds]);
  }

  async propertiesOf(tenantId: string, channelIds: string[]): Promise<Map<string, string[]>> {
    if (channelIds.length === 0) return new Map();
    const rows = await this.sql.run(channelPropertyIds, [tenantId, channelIds]);
    return new Map(rows.map((r) => [r.channel_id, r.property_ids]));
  }

  async existing(tenantId: string, propertyIds: string[]): Promise<string[]> {
    const uuids = propertyIds.filter(isUuid);
    if (uuids.length === 0) return [];
    return (await this.sql.run(existingPropertyIds, [tenantId, uuids])).map((r) => r.id);
  }
}
