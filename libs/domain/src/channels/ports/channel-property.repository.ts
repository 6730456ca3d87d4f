/** Port: which properties each channel principal may update (docs/channels.md). */
export abstract class ChannelPropertyRepository {
  /** Grants the channel these properties (already checked to be the tenant's). */
  abstract grant(tenantId: string, channelId: string, propertyIds: string[]): Promise<void>;
  /** The property ids of each channel asked for, in no particular order. */
  abstract propertiesOf(tenantId: string, channelIds: string[]): Promise<Map<string, string[]>>;
  /** Which of these ids are properties of the tenant. */
  abstract existing(tenantId: string, propertyIds: string[]): Promise<string[]>;
}
