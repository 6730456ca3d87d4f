import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig, developmentDefaultsWarning, loadConfig } from '@hcs/platform';
import { CliModule } from './cli.module';

/** Runs `fn` inside a Nest context of the CLI module; Nest's own messages go to stderr only. */
export async function withCliContext<T>(fn: (app: INestApplicationContext, config: AppConfig) => Promise<T>): Promise<T> {
  const config = loadConfig(process.env, { role: 'cli' });
  const warning = developmentDefaultsWarning(process.env);
  if (warning) process.stderr.write(`${warning}\n`);
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), { logger: ['error', 'warn'], abortOnError: false });
  try {
    return await fn(app, config);
  } finally {
    await app.close();
  }
}

/** Prints the result: JSON alone on stdout with `--json`, a readable summary otherwise. */
export function output(json: boolean | undefined, value: unknown, human: string): void {
  process.stdout.write(json ? `${JSON.stringify(value)}\n` : `${human}\n`);
}
