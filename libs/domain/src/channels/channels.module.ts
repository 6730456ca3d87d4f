import { Module } from '@nestjs/common';
import { SecretBox } from '@hcs/platform';
import { ChainRecorder } from '../booking/services/chain-recorder';
import { CreateChannelConnection, DeleteChannelConnection, GetChannelConnection, ListChannelConnections } from './use-cases/channel-connections.use-cases';
import { ListChannelDeliveries, ReplayChannelDelivery, RequeueStrandedChannelDeliveries } from './use-cases/channel-deliveries.use-cases';
import { DeliverChannelMessage } from './use-cases/deliver-channel-message.use-case';

const useCases = [
  CreateChannelConnection,
  ListChannelConnections,
  GetChannelConnection,
  DeleteChannelConnection,
  ListChannelDeliveries,
  ReplayChannelDelivery,
  RequeueStrandedChannelDeliveries,
  DeliverChannelMessage,
];

/** Channel managers' connections and the reservations sent to them (docs/channels-out.md). */
@Module({ providers: [...useCases, ChainRecorder, SecretBox], exports: useCases })
export class ChannelsModule {}
