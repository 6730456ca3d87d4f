import { Module } from '@nestjs/common';
import { WebhooksModule } from '@hcs/domain';
import { AdminWebhooksController } from './admin-webhooks.controller';

@Module({ imports: [WebhooksModule], controllers: [AdminWebhooksController] })
export class AdminWebhooksModule {}
