import { Module } from '@nestjs/common';
import { OversellModule } from '../oversell/oversell.module';
import { CreateChannel } from './use-cases/create-channel.use-case';
import { GetChannel } from './use-cases/get-channel.use-case';
import { ListChannels } from './use-cases/list-channels.use-case';
import { PurgeOtaLedger } from './use-cases/purge-ota-ledger.use-case';
import { ReceiveOtaMessage } from './use-cases/receive-ota-message.use-case';
import { RevokeChannel } from './use-cases/revoke-channel.use-case';
import { RotateChannelCredential } from './use-cases/rotate-channel-credential.use-case';

const useCases = [CreateChannel, ListChannels, GetChannel, RotateChannelCredential, RevokeChannel, ReceiveOtaMessage, PurgeOtaLedger];

/** Channel managers in: channel principals and their OpenTravel ARI messages (docs/channels.md). */
@Module({ imports: [OversellModule], providers: useCases, exports: useCases })
export class ChannelsModule {}
