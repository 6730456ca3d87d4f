import { Module } from '@nestjs/common';
import { FeedsModule as FeedUseCasesModule } from '@hcs/domain';
import { FeedsController } from './feeds.controller';
import { FeedResponseInterceptor } from './feed-response.interceptor';
import { FeedRenderCache } from './cache/feed-render-cache';

@Module({
  imports: [FeedUseCasesModule],
  controllers: [FeedsController],
  providers: [FeedResponseInterceptor, FeedRenderCache],
})
export class FeedsApiModule {}
