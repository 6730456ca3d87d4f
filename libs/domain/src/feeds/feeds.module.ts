import { Module } from '@nestjs/common';
import { GetAriFeed } from './use-cases/get-ari-feed.use-case';
import { GetHotelListFeed } from './use-cases/get-hotel-list-feed.use-case';
import { GetPointOfSaleFeed } from './use-cases/get-point-of-sale-feed.use-case';

const useCases = [GetHotelListFeed, GetAriFeed, GetPointOfSaleFeed];

/** The partner feeds' use cases; the FeedReader comes from PersistenceModule. */
@Module({ providers: useCases, exports: useCases })
export class FeedsModule {}
