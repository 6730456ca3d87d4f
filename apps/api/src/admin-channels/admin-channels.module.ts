import { Module } from '@nestjs/common';
import { ChannelsModule } from '@hcs/domain';
import { AdminChannelConnectionsController } from './admin-channel-connections.controller';
import { AdminChannelsController } from './admin-channels.controller';

@Module({ imports: [ChannelsModule], controllers: [AdminChannelsController, AdminChannelConnectionsController] })
export class AdminChannelsModule {}
