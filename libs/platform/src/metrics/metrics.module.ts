import { Global, Module } from '@nestjs/common';
import { Metrics } from './metrics';

/** The process's metrics registry, global so any adapter can move a counter. */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
