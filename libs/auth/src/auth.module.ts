import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { BearerAuthGuard } from './guards/bearer-auth.guard';

/** Authentication for the api: the global bearer guard (opt out with `@Public()`). */
@Module({ providers: [{ provide: APP_GUARD, useClass: BearerAuthGuard }] })
export class AuthModule {}
