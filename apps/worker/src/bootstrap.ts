import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';
import { AppConfig } from '@hcs/platform';
import { HeartbeatService } from './heartbeat/heartbeat.service';
import { WorkerModule } from './worker.module';

/**
 * Starts the worker. On SIGTERM/SIGINT Nest closes the BullMQ workers, which finish the job in
 * hand before the process exits.
 */
export async function createWorkerApp(config: AppConfig): Promise<INestApplicationContext> {
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { bufferLogs: true, abortOnError: false });
  app.useLogger(app.get(Logger));
  app.enableShutdownHooks();
  await app.init();
  // Only now, with the shutdown hooks armed, does readiness get to count this worker.
  app.get(HeartbeatService).start();
  return app;
}
