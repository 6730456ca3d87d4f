import { DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { AppConfig } from '../config/app-config';
import { serializeError } from './error-serializer';
import { REDACTED_PATHS } from './redaction';

interface LoggedRequest {
  traceContext?: { traceId: string };
  /** Set by the bearer guard (libs/auth `Actor`). */
  actor?: { tenantId: string; principalId: string; kind: string };
  /** Set by the bearer guard for anonymous catalog reads. */
  anonymousTenantId?: string;
  url?: string;
}

/**
 * JSON logs through pino. Every HTTP log line carries trace_id, tenant_id and principal_id;
 * secrets are redacted. `destination` 2 (stderr) is used by the CLI, whose stdout is JSON only.
 */
@Module({})
export class LoggingModule {
  static forRoot(options: { destination?: 1 | 2 } = {}): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRootAsync({
          inject: [AppConfig],
          useFactory: async (config: AppConfig) => {
            const pino = (await import('pino')).default;
            return {
              pinoHttp: {
                level: config.logLevel,
                stream: pino.destination({ dest: options.destination ?? 1, sync: false }),
                redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
                base: { service: config.serviceName },
                genReqId: (req: LoggedRequest) => req.traceContext?.traceId ?? '',
                customProps: (req: LoggedRequest) => ({
                  trace_id: req.traceContext?.traceId,
                  tenant_id: req.actor?.tenantId ?? req.anonymousTenantId,
                  principal_id: req.actor?.principalId,
                  principal_kind: req.actor?.kind,
                }),
                autoLogging: { ignore: (req: LoggedRequest) => req.url === '/healthz' },
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
              },
            };
          },
        }),
      ],
    };
  }
}
