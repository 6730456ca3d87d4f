import { Module } from '@nestjs/common';
import { ChannelsModule } from '@hcs/domain';
import { AdminChannelsController } from './admin-channels.controller';

@Module({ imports: [ChannelsModule], controllers: [AdminChannelsController] })
export class AdminChannelsModule {}
