import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppConfig } from '../config/app-config';
import { serializeError } from './error-serializer';
import { logDestination } from './log-destination';
import { REDACTED_PATHS, REDACTION_CENSOR } from './redaction';

/**
 * The root logger's options: level, stream, redaction, base fields and serializers. Exported so
 * that the api's request line can be checked against what this logger writes.
 */
export function pinoHttpOptions(level: string, serviceName: string, stream: DestinationStream) {
  return {
    level,
    stream,
    redact: { paths: REDACTED_PATHS, censor: REDACTION_CENSOR },
    base: { service: serviceName },
    serializers: {
      // Errors anywhere in a log line lose SQL text, parameters and driver detail.
      err: serializeError,
      error: serializeError,
      req: (req: { method: string; url: string; headers: Record<string, unknown> }) => ({
        method: req.method,
        url: req.url,
        headers: req.headers,
      }),
    },
  };
}

/**
 * JSON logs through pino; secrets are redacted. `destination` 2 (stderr) is used by the CLI, whose
 * stdout is JSON only. The api logs each request itself, with trace_id, tenant_id and principal_id
 * (apps/api/src/http/request-log.middleware.ts): nestjs-pino's own per-request middleware is not
 * mounted (`forRoutes: []`), only its `Logger` and the root pino logger are used.
 */
@Module({})
export class LoggingModule {
  static forRoot(options: { destination?: 1 | 2 } = {}): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: (config: AppConfig) => ({
            forRoutes: [],
            pinoHttp: pinoHttpOptions(config.logLevel, config.serviceName, logDestination(options.destination ?? 1)),
          }),
        }),
      ],
    };
  }
}
