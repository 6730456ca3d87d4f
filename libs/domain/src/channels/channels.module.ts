import { Module } from '@nestjs/common';
import { SecretBox } from '@hcs/platform';
import { ChainRecorder } from '../booking/services/chain-recorder';
import { OversellModule } from '../oversell/oversell.module';
import { CreateChannelConnection, DeleteChannelConnection, GetChannelConnection, ListChannelConnections } from './use-cases/channel-connections.use-cases';
import { ListChannelDeliveries, ReplayChannelDelivery, RequeueStrandedChannelDeliveries } from './use-cases/channel-deliveries.use-cases';
import { DeliverChannelMessage } from './use-cases/deliver-channel-message.use-case';
import { CreateChannel } from './use-cases/create-channel.use-case';
import { GetChannel } from './use-cases/get-channel.use-case';
import { ListChannels } from './use-cases/list-channels.use-case';
import { ListChannelMessages } from './use-cases/list-channel-messages.use-case';
import { PurgeOtaLedger } from './use-cases/purge-ota-ledger.use-case';
import { ReceiveOtaMessage } from './use-cases/receive-ota-message.use-case';
import { RevokeChannel } from './use-cases/revoke-channel.use-case';
import { RotateChannelCredential } from './use-cases/rotate-channel-credential.use-case';

const useCases = [
  CreateChannel,
  ListChannels,
  GetChannel,
  RotateChannelCredential,
  RevokeChannel,
  ReceiveOtaMessage,
  ListChannelMessages,
  PurgeOtaLedger,
  CreateChannelConnection,
  ListChannelConnections,
  GetChannelConnection,
  DeleteChannelConnection,
  ListChannelDeliveries,
  ReplayChannelDelivery,
  RequeueStrandedChannelDeliveries,
  DeliverChannelMessage,
];

/**
 * Channel managers: channel principals and their OpenTravel ARI messages in (docs/channels.md), the
 * connections reservations are sent to and their deliveries out (docs/channels-out.md).
 */
@Module({ imports: [OversellModule], providers: [...useCases, ChainRecorder, SecretBox], exports: useCases })
export class ChannelsModule {}
