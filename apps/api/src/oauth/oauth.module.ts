import { Module } from '@nestjs/common';
import { OAuthMetadataController } from './oauth-metadata.controller';
import { OAuthTokenController } from './oauth-token.controller';

@Module({ controllers: [OAuthTokenController, OAuthMetadataController] })
export class OAuthModule {}
