import { Module } from '@nestjs/common';
import { FeedsModule as FeedUseCasesModule } from '@hcs/domain';
import { FeedsController } from './feeds.controller';
import { FeedResponseInterceptor } from './feed-response.interceptor';

@Module({ imports: [FeedUseCasesModule], controllers: [FeedsController], providers: [FeedResponseInterceptor] })
export class FeedsApiModule {}
