import { Module } from '@nestjs/common';
import { ChannelsModule } from '@hcs/domain';
import { OtaController } from './ota.controller';

@Module({ imports: [ChannelsModule], controllers: [OtaController] })
export class OtaModule {}
