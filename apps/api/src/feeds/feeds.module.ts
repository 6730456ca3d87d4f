import { Module } from '@nestjs/common';
import { FeedsModule as FeedUseCasesModule } from '@hcs/domain';
import { FeedsController } from './feeds.controller';
import { FeedResponseInterceptor } from './feed-response.interceptor';
import { FeedRenderCache } from './cache/feed-render-cache';
import { RedisRenderedFeedStore } from './cache/redis-rendered-feed.store';
import { RenderedFeedStore } from './cache/rendered-feed.store';

@Module({
  imports: [FeedUseCasesModule],
  controllers: [FeedsController],
  providers: [FeedResponseInterceptor, FeedRenderCache, { provide: RenderedFeedStore, useClass: RedisRenderedFeedStore }],
})
export class FeedsApiModule {}
